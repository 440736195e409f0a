/**
 * A data table that keeps every column in reach. On a phone each row becomes a card of
 * "header: value" lines, so nothing hides off to the side; each line's header is read from the
 * column, so a card and the table's header can never disagree. Wider, it is the app's plain table,
 * scrolling sideways inside its own box when it must: then the box takes keyboard focus and a
 * shadow at an edge says that columns lie beyond it.
 */
import { css, type SerializedStyles } from '@emotion/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { dataTableStyles } from './dataTableStyles.ts';
import { SidewaysScrollBox } from './SidewaysScrollBox.tsx';
import { panelStyles } from './surfaceStyles.ts';
import { visuallyHidden } from './visuallyHidden.ts';

export interface TableColumn<Row> {
  header: string;
  /** The header is read by screen readers only; its cells name themselves (e.g. 'Edit alice@…'). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** What this column's cells add to the table's look (numbers: no wrap, tabular figures). */
  cellStyles?: SerializedStyles;
}

/** On a phone the rows stack as cards, so the box has nothing to scroll. */
const stackedWrapStyles = css`
  ${theme.media.phone} {
    overflow-x: visible;
  }
`;

const framedStyles = css`
  ${panelStyles};
  ${theme.media.phone} {
    border: none;
    background: none;
  }
`;

const stackedOnPhoneStyles = css`
  ${theme.media.phone} {
    display: block;
    tbody,
    tr,
    td {
      display: block;
    }
    thead {
      ${visuallyHidden};
    }
    tr {
      padding: 0.5rem 0.75rem;
      ${panelStyles};
    }
    tr + tr {
      margin-top: 0.75rem;
    }
    td {
      display: grid;
      grid-template-columns: minmax(5.5rem, 35%) minmax(0, 1fr);
      gap: 0.75rem;
      padding: 0.375rem 0;
      border-bottom: none;
      overflow-wrap: anywhere;
    }
    td[data-label]::before {
      content: attr(data-label);
      color: ${theme.colors.textMuted};
      font-weight: 600;
    }
    td:not([data-label]) {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;

interface ResponsiveTableProps<Row> {
  /** Names the table (and its scrolling box) for screen readers: 'Users', 'Account Activity'. */
  label: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Names each row, e.g. by the account it shows. */
  rowLabel?: (row: Row) => string;
  /** A border and rounded corners around the table where it is not inside a card. */
  framed?: boolean;
  /** Set while the rows are being fetched again. */
  busy?: boolean;
  /** What the page adds to the table (a stale look while the next page loads). */
  tableStyles?: SerializedStyles;
}

export function ResponsiveTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  framed = false,
  busy,
  tableStyles,
}: ResponsiveTableProps<Row>) {
  const { t } = useT();
  return (
    // Its name is not the table's own: the table inside says that, and two would share it.
    <SidewaysScrollBox label={t('app.ui.wideTable')} boxStyles={css([stackedWrapStyles, framed && framedStyles])}>
      <table css={[dataTableStyles, stackedOnPhoneStyles, tableStyles]} aria-label={label} aria-busy={busy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.headerHidden ? <span css={visuallyHidden}>{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} aria-label={rowLabel?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  css={column.cellStyles}
                  data-label={column.headerHidden ? undefined : column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScrollBox>
  );
}
