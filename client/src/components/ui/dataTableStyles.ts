/**
 * The app's plain data table: small text, a rule under every row, cells aligned to the reading start with their
 * tops lined up, and muted bold headers that do not wrap. Pages add what is theirs (number
 * columns, a stale look while the next page loads) by composing onto it.
 */
import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

export const dataTableStyles = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.small};
  th,
  td {
    padding: 0.625rem 0.75rem;
    border-bottom: 1px solid ${theme.colors.border};
    text-align: start;
    vertical-align: top;
  }
  th {
    color: ${theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }
`;

/** Tighter cells, for a reference table set among text (the API reference's parameters). */
export const compactDataTableStyles = css`
  ${dataTableStyles};
  th,
  td {
    padding: 0.375rem 0.5rem;
  }
`;
