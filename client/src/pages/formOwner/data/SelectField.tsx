import { css } from '@emotion/react';
import { useId } from 'react';
import { theme } from '../../../theme/theme.ts';

const fieldStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  flex: 0 1 10rem;
  min-width: 8.5rem;
`;

const labelStyles = css`
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
`;

const selectStyles = css`
  min-height: 2.5rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.small};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  &:focus {
    outline: none;
    border-color: ${theme.colors.focus};
    box-shadow: ${theme.focusRing};
  }
`;

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
}

/** A labelled native select: keyboard and screen-reader friendly on every platform, phones included. */
export function SelectField<Value extends string>({ label, value, options, onChange }: SelectFieldProps<Value>) {
  const id = useId();
  return (
    <div css={fieldStyles}>
      <label htmlFor={id} css={labelStyles}>
        {label}
      </label>
      <select
        id={id}
        css={selectStyles}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
