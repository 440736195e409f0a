import { css } from '@emotion/react';
import type { ConsolidatedRow } from '@formscribe/common/consolidated';
import { badgeStyles } from '../../../components/ui/Badge.tsx';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { visuallyHidden } from '../../../components/ui/visuallyHidden.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { formatActivity } from '../users/userDisplay.ts';
import { ConsolidatedRowActions } from './ConsolidatedRowActions.tsx';
import {
  type ConsolidatedColumn,
  type FieldCell,
  hasOpenDisagreement,
  readFieldCell,
  readImageRow,
} from './consolidatedRows.ts';

const scrollStyles = css`
  /* Positioned, so the visually hidden status words are clipped here, not by the page. */
  position: relative;
  overflow-x: auto;
  ${cardSurfaceStyles};
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const tableStyles = (stale: boolean) => css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.small};
  opacity: ${stale ? 0.6 : 1};
  transition: opacity 120ms ease;
  th,
  td {
    padding: 0.625rem 0.75rem;
    border-bottom: 1px solid ${theme.colors.border};
    text-align: start;
    vertical-align: top;
  }
  thead th {
    background: ${theme.colors.surfaceMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  tbody tr:last-of-type > * {
    border-bottom: none;
  }
  tbody th {
    font-weight: 600;
    min-width: 10rem;
    max-width: 18rem;
    overflow-wrap: anywhere;
  }
`;

const requiredStyles = css`
  margin-inline-start: 0.125rem;
  color: ${theme.colors.danger};
  text-decoration: none;
`;

const exportedStyles = css`
  display: block;
  margin-block-start: 0.125rem;
  font-weight: 400;
  color: ${theme.colors.textMuted};
`;

const numberStyles = css`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const cellStyles = css`
  display: inline-flex;
  align-items: baseline;
  gap: 0.375rem;
  min-width: 6rem;
  max-width: 20rem;
  overflow-wrap: anywhere;
`;

const markerStyles = (verified: boolean) => css`
  flex: none;
  font-size: 0.75rem;
  color: ${verified ? theme.colors.success : theme.colors.textMuted};
  opacity: ${verified ? 1 : 0.7};
`;

const emptyValueStyles = css`
  color: ${theme.colors.textMuted};
`;

const asWrittenStyles = css`
  ${badgeStyles('neutral')};
  align-self: center;
  cursor: help;
`;

function FieldValue({ value, verified, asWritten }: FieldCell) {
  const { t } = useT();
  const status = verified ? t('ownerTabs.data.cellVerified') : t('ownerTabs.data.cellUnverified');
  const asWrittenTitle = t('ownerTabs.data.asWrittenTitle');
  return (
    <span css={cellStyles}>
      <span
        aria-hidden
        title={verified ? t('ownerTabs.data.verified') : t('ownerTabs.data.notVerifiedYet')}
        css={markerStyles(verified)}
      >
        {verified ? '✓' : '○'}
      </span>
      {value ? <span>{value}</span> : <span css={emptyValueStyles}>—</span>}
      <span css={visuallyHidden}>{status}</span>
      {asWritten && (
        <span css={asWrittenStyles} title={asWrittenTitle}>
          {t('ownerTabs.data.asWritten')}
          <span css={visuallyHidden}>{t('ownerTabs.data.asWrittenExplained', { title: asWrittenTitle })}</span>
        </span>
      )}
    </span>
  );
}

/** The server's '50%' in the reader's figures ('50 %', '٥٠٪'); anything else as it came. */
function completionText(completion: string, number: ReturnType<typeof useT>['number']): string {
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(completion.trim())?.[1];
  if (percent === undefined) return completion;
  return number(Number(percent) / 100, { style: 'percent', maximumFractionDigits: 2 });
}

interface ConsolidatedTableProps {
  formId: number;
  columns: readonly ConsolidatedColumn[];
  rows: readonly ConsolidatedRow[];
  /** The rows on screen are the previous page's while the next one loads. */
  stale: boolean;
  caption: string;
  onReview: (image: { imageId: number; filename: string }) => void;
}

/** One row per image: completion, last entry, actions, then each field's agreed value and status. */
export function ConsolidatedTable({ formId, columns, rows, stale, caption, onReview }: ConsolidatedTableProps) {
  const { t, number } = useT();
  return (
    // Focusable so keyboard users can scroll a wide table sideways.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard
    <section css={scrollStyles} aria-label={t('ownerTabs.data.tableLabel')} tabIndex={0}>
      <table css={tableStyles(stale)} aria-busy={stale}>
        <caption css={visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ownerTabs.data.columnImage')}</th>
            <th scope="col">{t('ownerTabs.data.columnCompletion')}</th>
            <th scope="col">{t('ownerTabs.data.lastSubmission')}</th>
            <th scope="col">{t('ownerTabs.data.columnActions')}</th>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.label}
                {column.required && (
                  <abbr title={t('ownerTabs.data.required')} css={requiredStyles}>
                    *
                  </abbr>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((raw) => {
            const row = readImageRow(raw);
            const review = hasOpenDisagreement(raw, columns)
              ? () => onReview({ imageId: row.imageId, filename: row.filename })
              : undefined;
            return (
              <tr key={row.imageId}>
                <th scope="row">
                  {row.filename}
                  {row.exportedAt && (
                    <span css={exportedStyles}>
                      {t('ownerTabs.data.exportedOn', { when: formatActivity(row.exportedAt) })}
                    </span>
                  )}
                </th>
                <td css={numberStyles}>{completionText(row.completion, number)}</td>
                <td css={numberStyles}>
                  {row.lastSubmission ? (
                    <time dateTime={row.lastSubmission}>{formatActivity(row.lastSubmission)}</time>
                  ) : (
                    <span css={emptyValueStyles}>—</span>
                  )}
                </td>
                <td>
                  <ConsolidatedRowActions formId={formId} row={row} onReview={review} />
                </td>
                {columns.map((column) => (
                  <td key={column.key}>
                    <FieldValue {...readFieldCell(raw, column)} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
