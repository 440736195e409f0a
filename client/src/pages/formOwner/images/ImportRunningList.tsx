/**
 * The imports still running (this batch's, and any the owner left running earlier), each with
 * "pages done of pages found" and a Cancel button. Pages already imported stay when cancelled.
 */
import { css } from '@emotion/react';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import { Button } from '../../../components/ui/Button.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { ProgressBar, percentOf } from '../../../components/ui/ProgressBar.tsx';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { useT } from '../../../i18n/useT.ts';
import { pagesDone } from './importSummary.ts';

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const rowStyles = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: 0.375rem 1rem;
`;

const nameStyles = css`
  overflow-wrap: anywhere;
  font-weight: 600;
`;

interface ImportRunningListProps {
  imports: readonly ImportResponse[];
  onCancel: (item: ImportResponse) => void;
  /** Imports whose cancel is on its way (their button waits). */
  cancelling: ReadonlySet<number>;
}

/** A dropped folder of thousands of files runs thousands of imports: the first ones are listed. */
export const RUNNING_SHOWN = 20;

export function pagesDoneText(item: ImportResponse): string {
  const { t } = currentTranslator();
  if (item.found === 0) return t('ownerTabs.running.reading');
  return t('ownerTabs.running.pagesDone', { done: pagesDone(item), found: item.found });
}

export function ImportRunningList({ imports, onCancel, cancelling }: ImportRunningListProps) {
  const { t } = useT();
  if (imports.length === 0) return null;
  return (
    <ul css={listStyles} aria-label={t('ownerTabs.running.label')}>
      {imports.slice(0, RUNNING_SHOWN).map((item) => (
        <li key={item.importId} css={rowStyles}>
          <div>
            <div css={nameStyles}>{item.name}</div>
            <MutedText as="span">{pagesDoneText(item)}</MutedText>
          </div>
          <Button
            variant="secondary"
            onClick={() => onCancel(item)}
            disabled={cancelling.has(item.importId)}
            aria-label={t('ownerTabs.running.cancelImportOf', { name: item.name })}
          >
            {t('common.cancel')}
          </Button>
          <div
            css={css`
              grid-column: 1 / -1;
            `}
          >
            <ProgressBar
              percent={percentOf(pagesDone(item), item.found)}
              label={t('ownerTabs.running.importOf', { name: item.name })}
              valueText={t('ownerTabs.running.pagesOf', { done: pagesDone(item), found: item.found })}
            />
          </div>
        </li>
      ))}
      {imports.length > RUNNING_SHOWN && (
        <li>
          <MutedText as="span">{t('ownerTabs.running.more', { count: imports.length - RUNNING_SHOWN })}</MutedText>
        </li>
      )}
    </ul>
  );
}
