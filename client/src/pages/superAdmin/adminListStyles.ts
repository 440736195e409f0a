/** The admin lists' look: a scrollable table on small screens, actions kept on one line. */
import { css } from '@emotion/react';
import { dataTableStyles } from '../../components/ui/dataTableStyles.ts';
import { theme } from '../../theme/theme.ts';

export const tabStackStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export const tableWrapStyles = css`
  /* Positioned, so the visually hidden header text is clipped here too, not widening the page. */
  position: relative;
  overflow-x: auto;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.medium};
`;

export const tableStyles = (stale: boolean) => css`
  ${dataTableStyles};
  opacity: ${stale ? 0.6 : 1};
  tr:last-of-type td {
    border-bottom: none;
  }
`;

export const identityCellStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  min-width: 12rem;
  overflow-wrap: anywhere;
  span + span {
    color: ${theme.colors.textMuted};
  }
`;

export const actionsCellStyles = css`
  display: flex;
  gap: 0.5rem;
  justify-content: flex-end;
  white-space: nowrap;
`;

export const dateText = (iso: string) => new Date(iso).toLocaleDateString();
