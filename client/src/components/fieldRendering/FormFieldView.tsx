/**
 * One field of a digital form as a person fills it in. The builder's preview renders it
 * disabled; the data-entry page renders it editable (value/onChange) and marks verified
 * fields, which are then locked and green. Values are text throughout, as submissions store
 * them: checkbox 'true'/'false', date YYYY-MM-DD, expandedDate as in expandedDateValue.ts.
 */
import { css } from '@emotion/react';
import { DEFAULT_NEW_LINE_HEIGHT, DEFAULT_SPACER_PIXELS, type FormField } from '@formscribe/common/fields';
import { type ReactNode, useId } from 'react';
import { theme } from '../../theme/theme.ts';
import { ExpandedDateInput } from './ExpandedDateInput.tsx';
import { controlStyles, fieldLabelStyles, requiredMarkStyles, verifiedControlStyles } from './fieldControlStyles.ts';

export interface FormFieldViewProps {
  field: FormField;
  value: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Enough entries agreed on this field's value: shown green and locked. */
  verified?: boolean;
}

/** What a field shows before anyone types: its default, else empty ('false' for a checkbox). */
export function initialFieldValue(field: FormField): string {
  if (field.type === 'checkbox') return field.defaultValue === 'true' ? 'true' : 'false';
  return field.defaultValue ?? '';
}

/** Lays fields out in rows that wrap; a newLine starts a new row, a spacer adds height. */
export const formFieldsLayoutStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  column-gap: 1.25rem;
`;

const fieldBoxStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  flex: 1 1 16rem;
  min-width: 0;
  margin: 0 0 1rem;
  padding: 0;
  border: none;
`;

const wideFieldStyles = css`
  flex-basis: 100%;
`;

const dateFieldStyles = css`
  flex-basis: 20rem;
`;

const fullRowStyles = css`
  flex: 0 0 100%;
`;

const legendStyles = css`
  ${fieldLabelStyles};
  padding: 0;
  margin-bottom: 0.375rem;
`;

const choiceRowStyles = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2rem;
  /* The whole row takes the tap: 44 px high on a phone. */
  ${theme.media.mobile} {
    min-height: ${theme.layout.tapTarget};
  }
  input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${theme.colors.primary};
  }
`;

const verifiedChoiceStyles = css`
  color: ${theme.colors.success};
  input {
    accent-color: ${theme.colors.success};
  }
`;

const unitRowStyles = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const unitStyles = css`
  color: ${theme.colors.textMuted};
  white-space: nowrap;
`;

function LabelText({ field }: { field: FormField }) {
  return (
    <>
      {field.label}
      {field.required && (
        <span css={requiredMarkStyles} aria-hidden>
          *
        </span>
      )}
    </>
  );
}

export function FormFieldView({ field, value, onChange, disabled = false, verified = false }: FormFieldViewProps) {
  const id = useId();
  const locked = disabled || verified;
  const inputStyles = [controlStyles, verified && verifiedControlStyles];
  const common = {
    id,
    disabled: locked,
    'aria-required': field.required || undefined,
    'data-verified': verified || undefined,
  };

  const labelled = (control: ReactNode, extraStyles?: ReturnType<typeof css>) => (
    <div css={[fieldBoxStyles, extraStyles]} data-field-id={field.id}>
      <label htmlFor={id} css={fieldLabelStyles}>
        <LabelText field={field} />
      </label>
      {control}
    </div>
  );

  switch (field.type) {
    case 'spacer':
      return (
        <div
          aria-hidden
          css={fullRowStyles}
          data-field-id={field.id}
          style={{ height: field.spacingPixels ?? DEFAULT_SPACER_PIXELS }}
        />
      );
    case 'newLine':
      return (
        <div
          aria-hidden
          css={fullRowStyles}
          data-field-id={field.id}
          style={{ height: field.lineHeight ?? DEFAULT_NEW_LINE_HEIGHT }}
        />
      );
    case 'textarea':
      return labelled(
        <textarea
          {...common}
          css={inputStyles}
          rows={3}
          value={value}
          placeholder={field.placeholder}
          onChange={(event) => onChange?.(event.target.value)}
        />,
        wideFieldStyles,
      );
    case 'number': {
      const unitId = `${id}-unit`;
      // A number input refuses a decimal comma ('1,5'), so comma-decimal fields take text;
      // the server reads and checks it under the field's separator (common/numberText.ts).
      const commaDecimals = field.decimalSeparator === 'comma';
      return labelled(
        <div css={unitRowStyles}>
          <input
            {...common}
            type={commaDecimals ? 'text' : 'number'}
            inputMode="decimal"
            css={inputStyles}
            value={value}
            placeholder={field.placeholder}
            aria-describedby={field.unit ? unitId : undefined}
            onChange={(event) => onChange?.(event.target.value)}
          />
          {field.unit && (
            <span id={unitId} css={unitStyles}>
              {field.unit}
            </span>
          )}
        </div>,
      );
    }
    case 'select':
      return labelled(
        <select {...common} css={inputStyles} value={value} onChange={(event) => onChange?.(event.target.value)}>
          <option value="">{field.placeholder || 'Select an option'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>,
      );
    case 'radio': {
      const labelId = `${id}-label`;
      return (
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-required={field.required || undefined}
          aria-disabled={locked || undefined}
          css={fieldBoxStyles}
          data-field-id={field.id}
        >
          <span id={labelId} css={fieldLabelStyles}>
            <LabelText field={field} />
          </span>
          {(field.options ?? []).map((option) => (
            <label key={option} css={[choiceRowStyles, verified && verifiedChoiceStyles]}>
              <input
                type="radio"
                name={id}
                value={option}
                checked={value === option}
                disabled={locked}
                onChange={() => onChange?.(option)}
              />
              {option}
            </label>
          ))}
        </div>
      );
    }
    case 'checkbox':
      return (
        <div css={fieldBoxStyles} data-field-id={field.id}>
          <label css={[choiceRowStyles, verified && verifiedChoiceStyles]}>
            <input
              {...common}
              type="checkbox"
              checked={value === 'true'}
              onChange={(event) => onChange?.(event.target.checked ? 'true' : 'false')}
            />
            <span>
              <LabelText field={field} />
            </span>
          </label>
        </div>
      );
    case 'expandedDate':
      return (
        <fieldset css={[fieldBoxStyles, dateFieldStyles]} disabled={locked} data-field-id={field.id}>
          <legend css={legendStyles}>
            <LabelText field={field} />
          </legend>
          <ExpandedDateInput
            value={value}
            onChange={onChange}
            disabled={locked}
            verified={verified}
            required={field.required}
          />
        </fieldset>
      );
    case 'date':
    case 'email':
    case 'text':
      return labelled(
        <input
          {...common}
          type={field.type}
          css={inputStyles}
          value={value}
          placeholder={field.type === 'date' ? undefined : field.placeholder}
          onChange={(event) => onChange?.(event.target.value)}
        />,
      );
  }
}
