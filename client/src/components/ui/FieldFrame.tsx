import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

const fieldStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
`;

const labelStyles = css`
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
`;

const hintStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const errorStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.danger};
`;

/**
 * The ids of a control's hint and error, for its aria-describedby, so a screen reader reads them
 * with the control; undefined when there is neither.
 */
export function describedByFor(id: string, hint?: string, error?: string | null): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

interface FieldFrameProps {
  /** The control's id: the label points at it, and the hint and error ids derive from it. */
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  /**
   * The error is news the person did not cause by typing (a refused card): announced at once
   * (role="alert") rather than only read with the control.
   */
  announceError?: boolean;
  /** Lets a caller's css prop (e.g. a width in a toolbar) reach the wrapper. */
  className?: string;
  children: ReactNode;
}

/** The label above a form control, with an optional hint and error under it. */
export function FieldFrame({ id, label, hint, error, announceError, className, children }: FieldFrameProps) {
  return (
    <div css={fieldStyles} className={className}>
      <label htmlFor={id} css={labelStyles}>
        {label}
      </label>
      {children}
      {hint && (
        <span id={`${id}-hint`} css={hintStyles}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} css={errorStyles} role={announceError ? 'alert' : undefined}>
          {error}
        </span>
      )}
    </div>
  );
}
