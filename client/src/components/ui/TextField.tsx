import { css } from '@emotion/react';
import { type InputHTMLAttributes, useId } from 'react';
import { theme } from '../../theme/theme.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | null;
  hint?: string;
}

const fieldStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
`;

const labelStyles = css`
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
`;

const inputStyles = css`
  min-height: 2.5rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.small};
  font: inherit;
  color: ${theme.colors.text};
  background: ${theme.colors.surface};
  &:focus {
    outline: none;
    border-color: ${theme.colors.focus};
    box-shadow: ${theme.focusRing};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &:disabled {
    background: ${theme.colors.surfaceMuted};
  }
`;

const hintStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const errorStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.danger};
`;

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div css={fieldStyles}>
      <label htmlFor={id} css={labelStyles}>
        {label}
      </label>
      <input
        id={id}
        css={inputStyles}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && (
        <span id={hintId} css={hintStyles}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} css={errorStyles}>
          {error}
        </span>
      )}
    </div>
  );
}
