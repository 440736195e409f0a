import { css } from '@emotion/react';
import { useId } from 'react';
import { FieldFrame } from './FieldFrame.tsx';
import { textInputStyles } from './textInputStyles.ts';

// In a toolbar row the field keeps a width of its own instead of stretching like the search box.
const widthStyles = (basis: string) => css`
  flex: 0 1 ${basis};
  min-width: 8.5rem;
`;

const selectStyles = css`
  ${textInputStyles};
  min-height: 2.5rem;
`;

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
  /** The width it starts from in a toolbar row; a page with fewer controls gives it more. */
  basis?: string;
}

/** A labelled native select: keyboard and screen-reader friendly on every platform, phones included. */
export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
  basis = '10rem',
}: SelectFieldProps<Value>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} css={widthStyles(basis)}>
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
    </FieldFrame>
  );
}
