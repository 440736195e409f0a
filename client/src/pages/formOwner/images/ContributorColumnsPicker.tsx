/**
 * Under the catalogue upload: which catalogue columns contributors see while entering an image
 * ("Box: 12 · Folder: 3" beside the scan). Each tick is saved at once; the owner's own image
 * cards show every column whatever is ticked. A form without a catalogue shows nothing here.
 */
import { css } from '@emotion/react';
import { useChooseContributorColumns, useFormCatalogue } from '../../../api/catalogue.ts';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { errorText } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';

const fieldsetStyles = css`
  margin: 0.75rem 0 0;
  padding: 0;
  border: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1.25rem;
  legend {
    padding: 0;
    margin-block-end: 0.25rem;
    font-weight: 600;
    font-size: ${theme.fontSizes.small};
  }
`;

export function ContributorColumnsPicker({ formId }: { formId: number }) {
  const { t } = useT();
  const catalogue = useFormCatalogue(formId);
  const choose = useChooseContributorColumns(formId);
  const columns = catalogue.data?.columns ?? [];
  if (columns.length === 0) return null;
  const chosen = catalogue.data?.contributorColumns ?? [];

  function toggle(column: string, shown: boolean) {
    const next = shown ? [...chosen, column] : chosen.filter((name) => name !== column);
    choose.mutate(next);
  }

  return (
    <div>
      <fieldset css={fieldsetStyles} disabled={choose.isPending}>
        <legend>{t('ownerTabs.catalogue.showToContributors')}</legend>
        {columns.map((column) => (
          <CheckboxField
            key={column}
            label={column}
            checked={chosen.includes(column)}
            disabled={choose.isPending}
            onCheckedChange={(shown) => toggle(column, shown)}
          />
        ))}
      </fieldset>
      <MutedText>{t('ownerTabs.catalogue.showToContributorsHint')}</MutedText>
      {choose.isError && <InlineAlert tone="error">{errorText(choose.error)}</InlineAlert>}
    </div>
  );
}
