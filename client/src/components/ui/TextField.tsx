import { css } from '@emotion/react';
import { type InputHTMLAttributes, useId } from 'react';
import { theme } from '../../theme/theme.ts';
import { describedByFor, FieldFrame } from './FieldFrame.tsx';
import { textInputStyles } from './textInputStyles.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | null;
  /** Announce the error as it appears (see FieldFrame). */
  announceError?: boolean;
  hint?: string;
}

const inputStyles = css`
  ${textInputStyles};
  min-height: 2.5rem;
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &:disabled {
    background: ${theme.colors.surfaceMuted};
  }
`;

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, error, announceError, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} announceError={announceError}>
      <input
        id={id}
        css={inputStyles}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByFor(id, hint, error)}
        {...inputProps}
      />
    </FieldFrame>
  );
}
