/** Table and figure styles shared by the Insights tab's sections. */
import { css } from '@emotion/react';
import { dataTableStyles } from '../../../components/ui/dataTableStyles.ts';
import { theme } from '../../../theme/theme.ts';

export const tableStyles = css`
  ${dataTableStyles};
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
