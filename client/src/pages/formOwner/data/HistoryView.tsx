/**
 * The Data tab's History view: the form's audit trail (every change to its data and to the rules
 * that decide it), filtered by kind and by image, with the same selection as a CSV download.
 */
import { css } from '@emotion/react';
import { AUDIT_KINDS, type AuditKind } from '@formscribe/common/schemas/audit';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useState } from 'react';
import { type AuditFilters, auditCsvUrl } from '../../../api/audit.ts';
import { AuditHistory } from '../../../components/audit/AuditHistory.tsx';
import { auditKindLabel } from '../../../components/audit/auditWords.ts';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { toolbarStyles } from '../../../components/ui/pagedListStyles.ts';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useSettledValue } from '../../../components/ui/useSettledValue.ts';
import { useT } from '../../../i18n/useT.ts';

const viewStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

type KindChoice = AuditKind | 'all';

const kindOptions = (allChanges: string): ReadonlyArray<{ value: KindChoice; label: string }> => [
  { value: 'all', label: allChanges },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: auditKindLabel(kind) })),
];

const isKnownKind = (choice: KindChoice): choice is AuditKind => choice !== 'all';

/** A whole positive number typed in the image box, else no image filter. */
function imageIdOf(text: string): number | undefined {
  const id = Number(text.trim());
  return text.trim() && Number.isInteger(id) && id > 0 ? id : undefined;
}

export function HistoryView({ form }: { form: FormResponse }) {
  const { t } = useT();
  const [kind, setKind] = useState<KindChoice>('all');
  const [imageText, setImageText] = useState('');
  const imageId = imageIdOf(useSettledValue(imageText));
  const filters: AuditFilters = { imageId, kind: isKnownKind(kind) ? kind : undefined };

  return (
    <div css={viewStyles}>
      <search css={toolbarStyles}>
        <SelectField
          label={t('ownerTabs.history.kind')}
          value={kind}
          options={kindOptions(t('ownerTabs.history.allChanges'))}
          onChange={setKind}
          basis="14rem"
        />
        <TextField
          label={t('ownerTabs.history.imageId')}
          inputMode="numeric"
          placeholder={t('ownerTabs.history.anyImage')}
          value={imageText}
          onChange={(event) => setImageText(event.target.value)}
        />
        <div css={{ alignSelf: 'flex-end', marginInlineStart: 'auto' }}>
          <a css={buttonStyles('secondary')} href={auditCsvUrl(form.id, filters)} download>
            {t('ownerTabs.history.downloadCsv')}
          </a>
        </div>
      </search>
      <AuditHistory formId={form.id} fields={form.fields} filters={filters} showImage />
    </div>
  );
}
