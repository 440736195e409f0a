/**
 * One field of a digital form as a person fills it in. The builder's preview renders it
 * disabled; the data-entry page renders it editable (value/onChange) and marks verified
 * fields, which are then locked and green. Values are text throughout, as submissions store
 * them: checkbox 'true'/'false', date YYYY-MM-DD, expandedDate as in expandedDateValue.ts.
 * The owner's help text shows under every data field; the entry page adds the rule a value
 * breaks (`problem`) and its own notes (`extra`), all read with the control (FieldNotes.tsx).
 */
import { css } from '@emotion/react';
import { DEFAULT_NEW_LINE_HEIGHT, DEFAULT_SPACER_PIXELS, type FormField } from '@formscribe/common/fields';
import { type ReactNode, useId } from 'react';
import { theme } from '../../theme/theme.ts';
import { choiceRowStyles, RadioView, SelectView, verifiedChoiceStyles } from './ChoiceFieldViews.tsx';
import { ExpandedDateInput } from './ExpandedDateInput.tsx';
import { FieldNotes, notesDescribedBy } from './FieldNotes.tsx';
import { controlStyles, fieldLabelStyles, requiredMarkStyles, verifiedControlStyles } from './fieldControlStyles.ts';

export interface FormFieldViewProps {
  field: FormField;
  value: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Enough entries agreed on this field's value: shown green and locked. */
  verified?: boolean;
  /** The rule the value breaks, or the server's refusal of it: shown under the field. */
  problem?: string;
  /** The contributor keeps the value as written on the page: the problem no longer marks it invalid. */
  problemAccepted?: boolean;
  /** The page's own notes under the field (the "as written" mark, an example crop). */
  extra?: ReactNode;
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

const radioGroupStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
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

export function FormFieldView(props: FormFieldViewProps) {
  const { field, value, onChange, disabled = false, verified = false, problem, problemAccepted, extra } = props;
  const id = useId();
  const locked = disabled || verified;
  const inputStyles = [controlStyles, verified && verifiedControlStyles];
  const noteText = { help: field.help, problem };
  const described = notesDescribedBy(id, noteText);
  const common = {
    id,
    disabled: locked,
    'aria-required': field.required || undefined,
    'aria-describedby': described,
    'aria-invalid': (problem && !problemAccepted) || undefined,
    'data-verified': verified || undefined,
  };
  const notes = <FieldNotes controlId={id} {...noteText} problemAccepted={problemAccepted} extra={extra} />;

  const labelled = (control: ReactNode, extraStyles?: ReturnType<typeof css>) => (
    <div css={[fieldBoxStyles, extraStyles]} data-field-id={field.id}>
      <label htmlFor={id} css={fieldLabelStyles}>
        <LabelText field={field} />
      </label>
      {control}
      {notes}
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
            aria-describedby={notesDescribedBy(id, noteText, field.unit ? unitId : undefined)}
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
        <SelectView field={field} value={value} onChange={onChange} control={common} inputStyles={inputStyles} />,
      );
    case 'radio': {
      const labelId = `${id}-label`;
      // The notes (and the "as written" mark among them) sit outside the group of choices.
      return (
        <div css={fieldBoxStyles} data-field-id={field.id}>
          <div
            role="radiogroup"
            aria-labelledby={labelId}
            aria-describedby={described}
            aria-invalid={common['aria-invalid']}
            aria-required={field.required || undefined}
            aria-disabled={locked || undefined}
            css={radioGroupStyles}
          >
            <RadioView
              field={field}
              value={value}
              onChange={onChange}
              control={common}
              inputStyles={inputStyles}
              verified={verified}
              label={
                <span id={labelId} css={fieldLabelStyles}>
                  <LabelText field={field} />
                </span>
              }
            />
          </div>
          {notes}
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
          {notes}
        </div>
      );
    case 'expandedDate':
      return (
        <fieldset
          css={[fieldBoxStyles, dateFieldStyles]}
          disabled={locked}
          data-field-id={field.id}
          aria-describedby={described}
          aria-invalid={common['aria-invalid']}
        >
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
          {notes}
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
