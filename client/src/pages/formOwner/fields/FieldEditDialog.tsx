import { FIELD_TYPE_LABELS, type FormField, MAX_NEW_LINE_HEIGHT, MAX_SPACER_PIXELS } from '@formscribe/common/fields';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ExpandedDateInput } from '../../../components/fieldRendering/ExpandedDateInput.tsx';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { DecimalSeparatorSelect } from './DecimalSeparatorSelect.tsx';
import {
  contentStyles,
  errorTextStyles,
  fieldGroupStyles,
  footerStyles,
  labelStyles,
  overlayStyles,
  titleStyles,
} from './dialogStyles.ts';
import {
  cleanOptions,
  editableProperties,
  editStateToField,
  type FieldEditErrors,
  type FieldEditState,
  fieldToEditState,
} from './fieldEditForm.ts';
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

/** The default in the shape the field's own input takes. */
function DefaultValueInput({
  field,
  state,
  error,
  onChange,
}: {
  field: FormField;
  state: FieldEditState;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const errorText = error && (
    <span id={errorId} css={errorTextStyles}>
      {error}
    </span>
  );
  const controlProps = {
    id,
    css: controlStyles,
    value: state.defaultValue,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };

  if (field.type === 'expandedDate') {
    return (
      <fieldset css={fieldGroupStyles}>
        <legend css={labelStyles}>Default Value</legend>
        <ExpandedDateInput value={state.defaultValue} onChange={onChange} />
        {errorText}
      </fieldset>
    );
  }

  let control: ReactNode;
  if (field.type === 'checkbox') {
    control = (
      <select {...controlProps} onChange={(event) => onChange(event.target.value)}>
        <option value="false">Unchecked</option>
        <option value="true">Checked</option>
      </select>
    );
  } else if (field.type === 'select' || field.type === 'radio') {
    // Only options that will survive the save (blanks are dropped) can be the default.
    const options = state.options.some((option) => option.trim()) ? cleanOptions(state.options) : [];
    control = (
      <select {...controlProps} onChange={(event) => onChange(event.target.value)}>
        <option value="">No default</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = <textarea {...controlProps} rows={3} onChange={(event) => onChange(event.target.value)} />;
  } else if (field.type === 'number') {
    // A number input cannot hold a decimal comma ('1,5'): such fields take text, as on the entry page.
    const commaDecimals = state.decimalSeparator === 'comma';
    control = (
      <input
        {...controlProps}
        type={commaDecimals ? 'text' : 'number'}
        inputMode="decimal"
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    const type = field.type === 'date' ? 'date' : 'text';
    control = <input {...controlProps} type={type} onChange={(event) => onChange(event.target.value)} />;
  }

  return (
    <div css={fieldGroupStyles}>
      <label htmlFor={id} css={labelStyles}>
        Default Value
      </label>
      {control}
      {errorText}
    </div>
  );
}
