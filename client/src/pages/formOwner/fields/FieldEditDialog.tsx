import {
  FIELD_NAME_MESSAGE,
  FIELD_TYPE_LABELS,
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
      <Dialog.Title css={titleStyles}>Edit {FIELD_TYPE_LABELS[field.type]} Field</Dialog.Title>
      {offered.label && (
        <TextField
          label="Label"
          value={state.label}
          error={errors.label}
          onChange={(event) => set('label', event.target.value)}
        />
      )}
      {offered.name && (
        <TextField
          label="Column name"
          value={state.name}
          error={errors.name}
          maxLength={MAX_FIELD_NAME_LENGTH}
          hint={`${FIELD_NAME_MESSAGE}. Left blank, one is made from the label when saved.`}
          onChange={(event) => set('name', event.target.value)}
        />
      )}
      {offered.help && (
        <TextAreaField
          label="Help text"
          value={state.help}
          maxLength={MAX_HELP_LENGTH}
          placeholder="Shown beside the field, e.g. Write the surname as spelled, even if misspelled"
          onChange={(event) => set('help', event.target.value)}
        />
      )}
      {offered.placeholder && (
        <TextField
          label="Placeholder"
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
          label="Allow other"
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
          label="Unit"
          value={state.unit}
          error={errors.unit}
          hint="Shown after the number, e.g. kg"
          onChange={(event) => set('unit', event.target.value)}
        />
      )}
      {offered.decimalSeparator && (
        <DecimalSeparatorSelect value={state.decimalSeparator} onChange={(v) => set('decimalSeparator', v)} />
      )}
      {offered.spacingPixels && (
        <TextField
          label="Spacing"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_SPACER_PIXELS}
          step={1}
          value={state.spacingPixels}
          error={errors.spacingPixels}
          hint={`Height in pixels, 0 to ${MAX_SPACER_PIXELS}`}
          onChange={(event) => set('spacingPixels', event.target.value)}
        />
      )}
      {offered.lineHeight && (
        <TextField
          label="Line Height"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_NEW_LINE_HEIGHT}
          step={1}
          value={state.lineHeight}
          error={errors.lineHeight}
          hint={`Space below the line break in pixels, 0 to ${MAX_NEW_LINE_HEIGHT}`}
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
          label="Required"
          checked={state.required}
          onCheckedChange={(checked) => set('required', checked)}
        />
      )}
      <div css={footerStyles}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}
