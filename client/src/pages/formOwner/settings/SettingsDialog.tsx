import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import {
  FORM_DESCRIPTION_MAX_LENGTH,
  FORM_INSTRUCTIONS_MAX_LENGTH,
  FORM_NAME_MAX_LENGTH,
  MAX_ENTRIES_PER_IMAGE,
  MIN_ENTRIES_PER_IMAGE,
} from '@formscribe/common/schemas/form';
import { type FormEvent, type RefObject, useState } from 'react';
import { useUpdateForm } from '../../../api/forms.ts';
import { formUpdateFailureToast } from '../../../components/toasts/upgradeToasts.ts';
import { useToastNavigation } from '../../../components/toasts/useToastNavigation.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ButtonRow, FormStack } from '../../../components/ui/Card.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { SwitchField } from '../../../components/ui/SwitchField.tsx';
import { TextAreaField } from '../../../components/ui/TextAreaField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { DangerZone } from './DangerZone.tsx';
import { FormLanguageSelect } from './FormLanguageSelect.tsx';
import { LogoField } from './LogoField.tsx';
import { canSaveSettings, type SettingsValues, settingsUpdate, settingsValuesOf } from './settingsValues.ts';
import { WebhookSection } from './WebhookSection.tsx';

const groupStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colors.border};
`;

const groupTitleStyles = css`
  font-size: ${theme.fontSizes.body};
`;

interface SettingsDialogProps {
  form: FormResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Actions → Settings: the form's properties, its logo, and the Danger Zone. */
export function SettingsDialog({ form, open, onOpenChange, returnFocusTo }: SettingsDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('owner.settings.title')}
      maxWidth="40rem"
      returnFocusTo={returnFocusTo}
    >
      {/* Mounted only while open, so each opening starts from the form as it is now. */}
      {open && <SettingsFields form={form} onClose={() => onOpenChange(false)} />}
    </DialogFrame>
  );
}

function SettingsFields({ form, onClose }: { form: FormResponse; onClose: () => void }) {
  const { t } = useT();
  const [values, setValues] = useState<SettingsValues>(() => settingsValuesOf(form));
  const updateForm = useUpdateForm(form.id);
  const goTo = useToastNavigation();
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function save(event: FormEvent) {
    event.preventDefault();
    if (!canSaveSettings(values) || updateForm.isPending) return;
    updateForm.mutate(settingsUpdate(values), {
      onSuccess: () => {
        showToast({ title: t('owner.settings.saved') });
        onClose();
      },
      onError: (error) => {
        const toast = formUpdateFailureToast(error, t('owner.settings.updateFailed'), goTo);
        showToast(toast);
        // The modal dialog makes the toast inert; close it so Upgrade Now can be reached.
        if (toast.action) onClose();
      },
    });
  }

  return (
    <>
      {/* noValidate: the threshold is clamped (non-numbers read as 1) and the server words URL problems. */}
      <FormStack onSubmit={save} aria-label={t('owner.settings.formLabel')} noValidate>
        <TextField
          label={t('owner.settings.name')}
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          required
          maxLength={FORM_NAME_MAX_LENGTH}
        />
        <TextAreaField
          label={t('owner.settings.description')}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          maxLength={FORM_DESCRIPTION_MAX_LENGTH}
        />
        <TextAreaField
          label={t('owner.settings.instructions')}
          rows={5}
          placeholder={t('owner.settings.instructionsPlaceholder')}
          value={values.instructions}
          onChange={(event) => set('instructions', event.target.value)}
          maxLength={FORM_INSTRUCTIONS_MAX_LENGTH}
        />
        <SwitchField
          label={t('owner.status.active')}
          hint={t('owner.settings.activeHint')}
          checked={values.isActive}
          onCheckedChange={(checked) => set('isActive', checked)}
        />
        <SwitchField
          label={t('owner.settings.dataEntryActive')}
          hint={t('owner.settings.dataEntryActiveHint')}
          checked={values.dataEntryActive}
          onCheckedChange={(checked) => set('dataEntryActive', checked)}
        />
        <FormLanguageSelect value={values.language} onChange={(language) => set('language', language)} />
        <div css={groupStyles}>
          <h3 css={groupTitleStyles}>{t('owner.settings.organization')}</h3>
          <TextField
            label={t('owner.settings.organizationName')}
            value={values.organizationName}
            onChange={(event) => set('organizationName', event.target.value)}
            maxLength={200}
          />
          <TextField
            label={t('owner.settings.organizationHomepage')}
            type="url"
            // i18n-exempt: an example address, the same in every language
            placeholder="https://example.org"
            value={values.organizationUrl}
            onChange={(event) => set('organizationUrl', event.target.value)}
          />
          <LogoField form={form} />
        </div>
        <div css={groupStyles}>
          <h3 css={groupTitleStyles}>{t('owner.settings.data')}</h3>
          <TextField
            label={t('owner.settings.webhookUrl')}
            type="url"
            // i18n-exempt: an example address, the same in every language
            placeholder="https://example.org/webhook"
            hint={t('owner.settings.webhookHint')}
            value={values.webhookUrl}
            onChange={(event) => set('webhookUrl', event.target.value)}
          />
          <TextField
            label={t('owner.settings.threshold')}
            type="number"
            inputMode="numeric"
            min={MIN_ENTRIES_PER_IMAGE}
            max={MAX_ENTRIES_PER_IMAGE}
            step={1}
            hint={t('owner.settings.thresholdHint', { min: MIN_ENTRIES_PER_IMAGE, max: MAX_ENTRIES_PER_IMAGE })}
            value={values.verificationThreshold}
            onChange={(event) => set('verificationThreshold', event.target.value)}
          />
        </div>
        <ButtonRow css={{ justifyContent: 'flex-end' }}>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!canSaveSettings(values) || updateForm.isPending}>
            {t(updateForm.isPending ? 'owner.settings.saving' : 'common.save')}
          </Button>
        </ButtonRow>
      </FormStack>
      <WebhookSection formId={form.id} webhookUrl={form.webhookUrl} />
      <DangerZone form={form} onDeleted={onClose} />
    </>
  );
}
