/**
 * What a finished batch came to: images added, duplicates skipped, and the lists of what was
 * refused and what failed, each with its reason, so the owner knows exactly what to look at.
 */
import { css } from '@emotion/react';
import type { RefusedImportItem } from '@formscribe/common/schemas/imports';
import { useId } from 'react';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { type BatchSummary, catalogueSavedText, duplicatesText, imagesAddedText } from './importSummary.ts';

const summaryStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem 1rem;
  border-inline-start: 4px solid ${theme.colors.primary};
  border-radius: ${theme.radii.small};
  background: ${theme.colors.surfaceMuted};
  h3 {
    font-size: ${theme.fontSizes.body};
  }
  h4 {
    font-size: ${theme.fontSizes.small};
  }
`;

// Hundreds of refused pages must not push the images off the screen.
const itemListStyles = css`
  max-height: 14rem;
  overflow-y: auto;
  margin: 0;
  padding-inline-start: 1.25rem;
  font-size: ${theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

/** "name: reason", unless the server's reason already starts with the name; the server's reason in the reader's words. */
function itemText({ name, reason }: RefusedImportItem): string {
  if (reason.startsWith(name)) return reason;
  return currentTranslator().t('ownerTabs.summary.item', { name, reason: translateServerMessage(reason) });
}

function ItemList({ title, items }: { title: string; items: readonly RefusedImportItem[] }) {
  const { t } = useT();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div>
      <h4 id={headingId}>{t('ownerTabs.summary.listTitle', { title, count: items.length })}</h4>
      <ul css={itemListStyles} aria-labelledby={headingId}>
        {items.map((item, index) => (
          // The same page may be refused twice in one batch (sent twice): the position keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id of their own.
          <li key={`${index}:${item.name}`}>{itemText(item)}</li>
        ))}
      </ul>
    </div>
  );
}

export function ImportSummary({ summary, title }: { summary: BatchSummary; title: string }) {
  const { t, list } = useT();
  const headingId = useId();
  return (
    <section css={summaryStyles} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p>{imagesAddedText(summary.imported)}</p>
      {summary.duplicates > 0 && <p>{duplicatesText(summary.duplicates)}</p>}
      {summary.catalogue && <MutedText breakAnywhere>{catalogueSavedText(summary.catalogue)}</MutedText>}
      {summary.cancelled.length > 0 && (
        <MutedText breakAnywhere>
          {t('ownerTabs.summary.cancelled', { names: list(summary.cancelled, { type: 'unit' }) })}
        </MutedText>
      )}
      <ItemList title={t('ownerTabs.summary.refused')} items={summary.refused} />
      <ItemList title={t('ownerTabs.summary.failed')} items={summary.failed} />
    </section>
  );
}
