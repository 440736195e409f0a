import {
  FIELD_NAME_MESSAGE,
  type FormField,
  MAX_FIELD_NAME_LENGTH,
  MAX_HELP_LENGTH,
  MAX_NEW_LINE_HEIGHT,
  MAX_SPACER_PIXELS,
} from '@formscribe/common/fields';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { TextAreaField } from '../../../components/ui/TextAreaField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { DecimalSeparatorSelect } from './DecimalSeparatorSelect.tsx';
import { DefaultValueInput } from './DefaultValueInput.tsx';
import { contentStyles, footerStyles, overlayStyles, titleStyles } from './dialogStyles.ts';
import { FieldRulesEditor } from './FieldRulesEditor.tsx';
import {
  editableProperties,
  editStateToField,
  type FieldEditErrors,
  type FieldEditState,
  fieldToEditState,
} from './fieldEditForm.ts';
import { rulesFromInputs } from './fieldRulesForm.ts';
import { FIELD_TYPE_NAME_KEYS } from './fieldTypeNames.ts';
import { OptionsEditor } from './OptionsEditor.tsx';

interface FieldEditDialogProps {
  /** The field being edited; null closes the dialog. */
  field: FormField | null;
  onClose: () => void;
  onSave: (field: FormField) => void;
}

/** 'Edit {type} Field' (spec section 2) with the properties that type has; Save or Cancel. */
export function FieldEditDialog({ field, onClose, onSave }: FieldEditDialogProps) {
  return (
    <Dialog.Root
      open={field !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay css={overlayStyles} />
        <Dialog.Content css={contentStyles} aria-describedby={undefined}>
          {field && <FieldEditForm key={field.id} field={field} onCancel={onClose} onSave={onSave} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FieldEditForm({
  field,
  onCancel,
  onSave,
}: {
  field: FormField;
  onCancel: () => void;
  onSave: (field: FormField) => void;
}) {
  const { t } = useT();
  const [state, setState] = useState<FieldEditState>(() => fieldToEditState(field));
  const [errors, setErrors] = useState<FieldEditErrors>({});
  const offered = editableProperties(field.type);
  const formRef = useRef<HTMLFormElement>(null);

  // A refused save takes the keyboard to the first problem.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const set = <K extends keyof FieldEditState>(key: K, value: FieldEditState[K]) =>
    setState((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = editStateToField(field, state);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    onSave(result.field);
  }

  return (
    <form noValidate onSubmit={submit} css={{ display: 'flex', flexDirection: 'column', gap: '1rem' }}>
      <Dialog.Title css={titleStyles}>
        {t('owner.edit.title', { type: t(FIELD_TYPE_NAME_KEYS[field.type]) })}
      </Dialog.Title>
      {offered.label && (
        <TextField
          label={t('owner.edit.label')}
          value={state.label}
          error={errors.label}
          onChange={(event) => set('label', event.target.value)}
        />
      )}
      {offered.name && (
        <TextField
          label={t('owner.edit.columnName')}
          value={state.name}
          error={errors.name}
          maxLength={MAX_FIELD_NAME_LENGTH}
          hint={t('owner.edit.columnNameHint', { rule: translateServerMessage(FIELD_NAME_MESSAGE) })}
          onChange={(event) => set('name', event.target.value)}
        />
      )}
      {offered.help && (
        <TextAreaField
          label={t('owner.edit.help')}
          value={state.help}
          maxLength={MAX_HELP_LENGTH}
          placeholder={t('owner.edit.helpPlaceholder')}
          onChange={(event) => set('help', event.target.value)}
        />
      )}
      {offered.placeholder && (
        <TextField
          label={t('owner.edit.placeholder')}
          value={state.placeholder}
          error={errors.placeholder}
          onChange={(event) => set('placeholder', event.target.value)}
        />
      )}
      {offered.options && (
        <OptionsEditor options={state.options} onChange={(options) => set('options', options)} error={errors.options} />
      )}
      {offered.allowOther && (
        <CheckboxField
          label={t('owner.edit.allowOther')}
          checked={state.allowOther}
          onCheckedChange={(checked) => set('allowOther', checked)}
        />
      )}
      {offered.defaultValue && (
        <DefaultValueInput
          field={field}
          state={state}
          error={errors.defaultValue}
          onChange={(v) => set('defaultValue', v)}
        />
      )}
      {offered.unit && (
        <TextField
          label={t('owner.edit.unit')}
          value={state.unit}
          error={errors.unit}
          hint={t('owner.edit.unitHint')}
          onChange={(event) => set('unit', event.target.value)}
        />
      )}
      {offered.decimalSeparator && (
        <DecimalSeparatorSelect value={state.decimalSeparator} onChange={(v) => set('decimalSeparator', v)} />
      )}
      {offered.spacingPixels && (
        <TextField
          label={t('owner.edit.spacing')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_SPACER_PIXELS}
          step={1}
          value={state.spacingPixels}
          error={errors.spacingPixels}
          hint={t('owner.edit.spacingHint', { max: MAX_SPACER_PIXELS })}
          onChange={(event) => set('spacingPixels', event.target.value)}
        />
      )}
      {offered.lineHeight && (
        <TextField
          label={t('owner.edit.lineHeight')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_NEW_LINE_HEIGHT}
          step={1}
          value={state.lineHeight}
          error={errors.lineHeight}
          hint={t('owner.edit.lineHeightHint', { max: MAX_NEW_LINE_HEIGHT })}
          onChange={(event) => set('lineHeight', event.target.value)}
        />
      )}
      {offered.rules && (
        <FieldRulesEditor
          type={field.type}
          inputs={state.rules}
          onChange={(rules) => set('rules', rules)}
          problem={rulesFromInputs(field.type, state.rules).problem ?? errors.rules}
        />
      )}
      {offered.required && (
        <CheckboxField
          label={t('owner.edit.required')}
          checked={state.required}
          onCheckedChange={(checked) => set('required', checked)}
        />
      )}
      <div css={footerStyles}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit">{t('common.save')}</Button>
      </div>
    </form>
  );
}
