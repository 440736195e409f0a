import { FORM_DESCRIPTION_MAX_LENGTH, FORM_NAME_MAX_LENGTH, type FormResponse } from '@formscribe/common/schemas/form';
import { type FormEvent, useState } from 'react';
import { useCreateForm } from '../../api/forms.ts';
import { createFormFailureToast } from '../../components/toasts/upgradeToasts.ts';
import { useToastNavigation } from '../../components/toasts/useToastNavigation.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow, FormStack } from '../../components/ui/Card.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { ImportCodebook } from './ImportCodebook.tsx';

interface CreateFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (form: FormResponse) => void;
}

/**
 * Form Name (required, trimmed) and an optional Description; the rest of a form is set up on its
 * page. Or a codebook file, which brings its fields.
 */
export function CreateFormDialog({ open, onOpenChange, onCreated }: CreateFormDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={t('account.dashboard.createNewForm')}>
      {/* Mounted only while open, so every opening starts with empty fields. */}
      {open && <CreateFormFields onCancel={() => onOpenChange(false)} onCreated={onCreated} />}
      {open && <ImportCodebook onCreated={onCreated} onStepAside={() => onOpenChange(false)} />}
    </DialogFrame>
  );
}

function CreateFormFields({ onCancel, onCreated }: { onCancel: () => void; onCreated: (form: FormResponse) => void }) {
  const { t } = useT();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const createForm = useCreateForm();
  const goTo = useToastNavigation();
  const trimmedName = name.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmedName || createForm.isPending) return;
    const trimmedDescription = description.trim();
    createForm.mutate(
      {
        name: trimmedName,
        ...(trimmedDescription ? { description: trimmedDescription } : {}),
        fields: [],
        requiredEntriesPerImage: 1,
      },
      {
        onSuccess: (form) => {
          showToast({ title: currentTranslator().t('account.dashboard.createdToast') });
          onCreated(form);
        },
        onError: (error) => {
          const toast = createFormFailureToast(error, goTo);
          showToast(toast);
          // A modal dialog makes everything outside it inert; the toast's Verify Email or
          // Upgrade Now is the way forward, so step aside for it.
          if (toast.action) onCancel();
        },
      },
    );
  }

  return (
    <FormStack onSubmit={submit} aria-label={t('account.dashboard.createFormLabel')}>
      <TextField
        label={t('account.dashboard.formName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        maxLength={FORM_NAME_MAX_LENGTH}
      />
      <TextAreaField
        label={t('account.dashboard.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={FORM_DESCRIPTION_MAX_LENGTH}
      />
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!trimmedName || createForm.isPending}>
          {t('account.dashboard.createForm')}
        </Button>
      </ButtonRow>
    </FormStack>
  );
}
