/** Table and figure styles shared by the Insights tab's sections. */
import { css } from '@emotion/react';
import { theme } from '../../../theme/theme.ts';

export const tableBoxStyles = css`
  overflow-x: auto;
`;

export const tableStyles = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.small};
  th,
  td {
    padding: 0.5rem 0.625rem;
    border-bottom: 1px solid ${theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  th {
    color: ${theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  td.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

export const sortButtonStyles = css`
  border: none;
  background: none;
  padding: 0;
  min-height: 2.75rem;
  font: inherit;
  font-weight: 600;
  color: inherit;
  cursor: pointer;
`;

export const mutedStyles = css`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
`;

export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);
