import { css } from '@emotion/react';
import { errorStatusCode, extractServerMessage } from '@formscribe/common/errorMessages';
import type { CatalogueResponse } from '@formscribe/common/schemas/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { catalogueQueryKey, sendCatalogueFile } from '../../../api/catalogue.ts';
import { useRefreshFormImages } from '../../../api/images.ts';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { errorText, translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { ContributorColumnsPicker } from './ContributorColumnsPicker.tsx';
import { hiddenFileInputStyles, pickerRowStyles } from './filePickerStyles.ts';

const ACCEPTED_CATALOGUE_TYPES =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Unmatched rows listed by name; a longer list ends with how many more there are. */
const UNMATCHED_SHOWN = 10;

const listStyles = css`
  margin: 0.25rem 0 0;
  padding-inline-start: 1.25rem;
  font-size: ${theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

function CatalogueOutcome({ outcome }: { outcome: CatalogueResponse }) {
  const { t } = useT();
  const { matched, unmatched } = outcome;
  return (
    <div aria-live="polite">
      <MutedText>{t('ownerTabs.catalogue.saved', { matched, unmatched: unmatched.length })}</MutedText>
      {unmatched.length > 0 && (
        <ul css={listStyles} aria-label={t('ownerTabs.catalogue.unmatchedLabel')}>
          {unmatched.slice(0, UNMATCHED_SHOWN).map((row) => (
            <li key={row.line}>
              {row.page === null
                ? t('ownerTabs.catalogue.unmatchedRow', { line: row.line, file: row.fileName })
                : t('ownerTabs.catalogue.unmatchedRowPage', { line: row.line, file: row.fileName, page: row.page })}
            </li>
          ))}
          {unmatched.length > UNMATCHED_SHOWN && (
            <li>{t('ownerTabs.andMore', { count: unmatched.length - UNMATCHED_SHOWN })}</li>
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * The form's catalogue: a CSV or XLSX whose `fileName` (and optional `page`) column names the
 * scans; its other columns become each image's metadata, for scans already here and those that
 * come later. A new catalogue replaces the last one. Once there is one, the owner ticks the columns
 * contributors see.
 */
export function CatalogueUploader({ formId }: { formId: number }) {
  const { t } = useT();
  const inputId = useId();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<CatalogueResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refreshImages = useRefreshFormImages(formId);
  const queryClient = useQueryClient();

  async function sendCatalogue(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file || sending) return;
    setSending(true);
    setError(null);
    try {
      const saved = await sendCatalogueFile(formId, file);
      setOutcome(saved);
      // The new catalogue's columns, and the contributors' choice it kept, for the ticks below.
      queryClient.setQueryData(catalogueQueryKey(formId), {
        columns: saved.columns,
        contributorColumns: saved.contributorColumns,
      });
      refreshImages();
    } catch (caught) {
      setOutcome(null);
      // A refused catalogue's 400 says which line or limit is wrong: shown as the server wrote it.
      setError(
        errorStatusCode(caught) === 400 ? translateServerMessage(extractServerMessage(caught)) : errorText(caught),
      );
    } finally {
      setSending(false);
      input.value = ''; // the same file may be chosen again after it is fixed
    }
  }

  return (
    <section>
      <div css={pickerRowStyles}>
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_CATALOGUE_TYPES}
          disabled={sending}
          onChange={(event) => void sendCatalogue(event)}
          css={hiddenFileInputStyles}
        />
        <label htmlFor={inputId} css={buttonStyles('secondary')}>
          {sending ? t('ownerTabs.catalogue.reading') : t('ownerTabs.catalogue.upload')}
        </label>
        <MutedText as="span">{t('ownerTabs.catalogue.hint')}</MutedText>
      </div>
      {error && <InlineAlert tone="error">{error}</InlineAlert>}
      {outcome && <CatalogueOutcome outcome={outcome} />}
      <ContributorColumnsPicker formId={formId} />
    </section>
  );
}
