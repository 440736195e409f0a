import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

/** Search, filter and sort above a paged list; the search box takes the spare width. */
export const toolbarStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.75rem 1rem;
  & > :first-of-type {
    flex: 1 1 16rem;
  }
`;

export const pagerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

export const pagerButtonsStyles = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

export const emptyStyles = css`
  padding: 2.5rem 1rem;
  text-align: center;
  color: ${theme.colors.textMuted};
`;
