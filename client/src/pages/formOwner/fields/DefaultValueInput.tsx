/**
 * The edit dialog's Default Value: the default in the shape the field's own input takes, so an
 * owner can only type what the entry page could hold.
 */
import type { FormField } from '@formscribe/common/fields';
import { type ReactNode, useId } from 'react';
import { ExpandedDateInput } from '../../../components/fieldRendering/ExpandedDateInput.tsx';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorTextStyles, fieldGroupStyles, labelStyles } from './dialogStyles.ts';
import { cleanOptions, type FieldEditState } from './fieldEditForm.ts';

/** The default in the shape the field's own input takes. */
export function DefaultValueInput({
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
  const { t } = useT();
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
        <legend css={labelStyles}>{t('owner.default.label')}</legend>
        <ExpandedDateInput value={state.defaultValue} onChange={onChange} />
        {errorText}
      </fieldset>
    );
  }

  let control: ReactNode;
  if (field.type === 'checkbox') {
    control = (
      <select {...controlProps} onChange={(event) => onChange(event.target.value)}>
        <option value="false">{t('owner.default.unchecked')}</option>
        <option value="true">{t('owner.default.checked')}</option>
      </select>
    );
  } else if (field.type === 'select' || field.type === 'radio') {
    // Only options that will survive the save (blanks are dropped) can be the default.
    const options = state.options.some((option) => option.trim()) ? cleanOptions(state.options) : [];
    control = (
      <select {...controlProps} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('owner.default.none')}</option>
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
        {t('owner.default.label')}
      </label>
      {control}
      {errorText}
    </div>
  );
}
