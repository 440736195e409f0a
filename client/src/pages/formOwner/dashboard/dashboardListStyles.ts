import { css } from '@emotion/react';
import { theme } from '../../../theme/theme.ts';

/** The look of the Dashboard tab's short lists (recent submissions, users, completed images). */
export const recentListStyles = css`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  & > li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.625rem 0;
    min-width: 0;
  }
  & > li + li {
    border-top: 1px solid ${theme.colors.border};
  }
`;

export const itemTextStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  flex: 1;
  min-width: 0;
`;

export const itemTitleStyles = css`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

export const itemMetaStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

export const smallThumbnailStyles = css`
  flex: none;
  width: 3rem;
  height: 2.25rem;
`;
