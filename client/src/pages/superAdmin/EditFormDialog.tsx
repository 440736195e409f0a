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
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Form Settings"
      description={`Owned by ${form.owner.username}`}
    >
      <EditFormFields form={form} onDone={() => onOpenChange(false)} />
      <RecountFormSection form={form} />
    </DialogFrame>
  );
}

function EditFormFields({ form, onDone }: { form: AdminForm; onDone: () => void }) {
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
      : `Verification threshold must be a number from ${MIN_ENTRIES_PER_IMAGE} to ${MAX_ENTRIES_PER_IMAGE}`;
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
          showToast({ title: 'Settings updated' });
          onDone();
        },
        onError: () => showToast({ title: 'Failed to update form settings', variant: 'destructive' }),
      },
    );
  }

  return (
    <form css={formStyles} onSubmit={submit} noValidate>
      <TextField
        label="Form Name"
        value={name}
        maxLength={200}
        error={name.trim() === '' ? 'Form name is required' : null}
        onChange={(event) => setName(event.target.value)}
      />
      <SwitchField label="Active" checked={isActive} onCheckedChange={setIsActive} />
      <SwitchField label="Data Entry Active" checked={dataEntryActive} onCheckedChange={setDataEntryActive} />
      <TextField
        label="Verification threshold"
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
          Cancel
        </Button>
        <Button type="submit" disabled={invalid || updateForm.isPending}>
          {updateForm.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </ButtonRow>
    </form>
  );
}
