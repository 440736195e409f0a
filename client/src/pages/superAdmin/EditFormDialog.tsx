import { css } from '@emotion/react';
import type { AdminForm } from '@formscribe/common/schemas/admin';
import { MAX_ENTRIES_PER_IMAGE, MIN_ENTRIES_PER_IMAGE } from '@formscribe/common/schemas/form';
import { type FormEvent, useState } from 'react';
import { useUpdateAdminForm } from '../../api/admin.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow } from '../../components/ui/Card.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { SwitchField } from '../../components/ui/SwitchField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { RecountFormSection } from './RecountFormSection.tsx';

const formStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

interface EditFormDialogProps {
  form: AdminForm;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Name, Active, Data Entry Active and threshold of anyone's form, applied as its owner's change would be. */
export function EditFormDialog({ form, open, onOpenChange }: EditFormDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('progress.admin.editFormTitle')}
      description={t('progress.admin.ownedBy', { owner: form.owner.username })}
    >
      <EditFormFields form={form} onDone={() => onOpenChange(false)} />
      <RecountFormSection form={form} />
    </DialogFrame>
  );
}

function EditFormFields({ form, onDone }: { form: AdminForm; onDone: () => void }) {
  const { t } = useT();
  const [name, setName] = useState(form.name);
  const [isActive, setIsActive] = useState(form.isActive);
  const [dataEntryActive, setDataEntryActive] = useState(form.dataEntryActive);
  const [threshold, setThreshold] = useState(String(form.requiredEntriesPerImage));
  const updateForm = useUpdateAdminForm();
  const thresholdValue = Number(threshold);
  const thresholdProblem =
    Number.isInteger(thresholdValue) &&
    thresholdValue >= MIN_ENTRIES_PER_IMAGE &&
    thresholdValue <= MAX_ENTRIES_PER_IMAGE
      ? null
      : t('progress.admin.thresholdProblem', { min: MIN_ENTRIES_PER_IMAGE, max: MAX_ENTRIES_PER_IMAGE });
  const invalid = name.trim() === '' || thresholdProblem !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    updateForm.mutate(
      {
        formId: form.id,
        changes: { name: name.trim(), isActive, dataEntryActive, requiredEntriesPerImage: thresholdValue },
      },
      {
        onSuccess: () => {
          showToast({ title: t('progress.admin.settingsUpdated') });
          onDone();
        },
        onError: () => showToast({ title: t('progress.admin.formUpdateFailed'), variant: 'destructive' }),
      },
    );
  }

  return (
    <form css={formStyles} onSubmit={submit} noValidate>
      <TextField
        label={t('progress.admin.formName')}
        value={name}
        maxLength={200}
        error={name.trim() === '' ? t('progress.admin.formNameRequired') : null}
        onChange={(event) => setName(event.target.value)}
      />
      <SwitchField label={t('progress.admin.active')} checked={isActive} onCheckedChange={setIsActive} />
      <SwitchField
        label={t('progress.admin.dataEntryActive')}
        checked={dataEntryActive}
        onCheckedChange={setDataEntryActive}
      />
      <TextField
        label={t('progress.admin.threshold')}
        type="number"
        inputMode="numeric"
        min={MIN_ENTRIES_PER_IMAGE}
        max={MAX_ENTRIES_PER_IMAGE}
        value={threshold}
        error={thresholdProblem}
        onChange={(event) => setThreshold(event.target.value)}
      />
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={invalid || updateForm.isPending}>
          {updateForm.isPending ? t('progress.admin.saving') : t('progress.admin.saveChanges')}
        </Button>
      </ButtonRow>
    </form>
  );
}
