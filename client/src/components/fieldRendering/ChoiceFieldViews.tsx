/**
 * Select and radio fields, with the "Other" choice an owner may allow: picking it opens a text
 * input, and what is typed there is the value. A value outside the list (a verified "other", a
 * draft) opens with Other already chosen, so it is shown as it is and never silently blanked.
 */
import { css, type SerializedStyles } from '@emotion/react';
import type { FormField } from '@formscribe/common/fields';
import { type ReactNode, useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

/** The select's value for Other: no option can hold a NUL character. */
const OTHER = '\u0000other';

export const choiceRowStyles = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2rem;
  /* The whole row takes the tap: 44 px high on a phone. */
  ${theme.media.mobile} {
    min-height: ${theme.layout.tapTarget};
  }
  input[type='radio'],
  input[type='checkbox'] {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${theme.colors.primary};
  }
`;

export const verifiedChoiceStyles = css`
  color: ${theme.colors.success};
  input {
    accent-color: ${theme.colors.success};
  }
`;

/** Whether Other is the choice: chosen by the contributor, or the value is not in the list. */
function useOtherChoice(field: FormField, value: string) {
  const options = field.options ?? [];
  const outside = value !== '' && !options.includes(value);
  const [chosen, setChosen] = useState(outside);
  return { other: Boolean(field.allowOther) && (chosen || outside), setChosen };
}

export interface ChoiceControlProps {
  id: string;
  disabled: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface ChoiceViewProps {
  field: FormField;
  value: string;
  onChange?: (value: string) => void;
  control: ChoiceControlProps;
  inputStyles: (SerializedStyles | false)[];
}

function OtherInput({ field, value, onChange, control, inputStyles }: ChoiceViewProps) {
  const { t } = useT();
  return (
    <input
      type="text"
      css={inputStyles}
      aria-label={t('common.field.otherValue', { field: field.label })}
      disabled={control.disabled}
      aria-describedby={control['aria-describedby']}
      aria-invalid={control['aria-invalid']}
      value={value}
      placeholder={t('common.field.writeValue')}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

export function SelectView(props: ChoiceViewProps) {
  const { field, value, onChange, control, inputStyles } = props;
  const { t } = useT();
  const { other, setChosen } = useOtherChoice(field, value);
  return (
    <>
      <select
        {...control}
        css={inputStyles}
        value={other ? OTHER : value}
        onChange={(event) => {
          const picked = event.target.value;
          setChosen(picked === OTHER);
          onChange?.(picked === OTHER ? '' : picked);
        }}
      >
        <option value="">{field.placeholder || t('common.field.selectOption')}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        {field.allowOther && <option value={OTHER}>{t('common.field.other')}</option>}
      </select>
      {other && <OtherInput {...props} />}
    </>
  );
}

export function RadioView(props: ChoiceViewProps & { verified: boolean; label: ReactNode }) {
  const { field, value, onChange, control, verified } = props;
  const { t } = useT();
  const { other, setChosen } = useOtherChoice(field, value);
  const rowStyles = [choiceRowStyles, verified && verifiedChoiceStyles];
  return (
    <>
      {props.label}
      {(field.options ?? []).map((option) => (
        <label key={option} css={rowStyles}>
          <input
            type="radio"
            name={control.id}
            value={option}
            checked={!other && value === option}
            disabled={control.disabled}
            onChange={() => {
              setChosen(false);
              onChange?.(option);
            }}
          />
          {option}
        </label>
      ))}
      {field.allowOther && (
        <label css={rowStyles}>
          <input
            type="radio"
            name={control.id}
            value={OTHER}
            checked={other}
            disabled={control.disabled}
            onChange={() => {
              setChosen(true);
              onChange?.('');
            }}
          />
          {t('common.field.other')}
        </label>
      )}
      {other && <OtherInput {...props} />}
    </>
  );
}
