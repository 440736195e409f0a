import { css } from '@emotion/react';
import { useId } from 'react';
import { theme } from '../../theme/theme.ts';

const rowStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

const labelStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
`;

/** On a phone the label is the tap target, so it is 44 px high. */
const tapLabelStyles = css`
  ${theme.media.mobile} {
    display: flex;
    align-items: center;
    min-height: ${theme.layout.tapTarget};
  }
`;

const hintStyles = css`
  font-weight: 400;
  color: ${theme.colors.textMuted};
`;

const trackStyles = css`
  position: relative;
  flex: none;
  width: 2.75rem;
  height: 1.5rem;
  padding: 0;
  border: none;
  border-radius: ${theme.radii.round};
  background: ${theme.colors.border};
  cursor: pointer;
  transition: background-color 120ms ease;
  &[aria-checked='true'] {
    background: ${theme.colors.primary};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

const thumbStyles = css`
  position: absolute;
  top: 0.1875rem;
  inset-inline-start: 0.1875rem;
  width: 1.125rem;
  height: 1.125rem;
  border-radius: 50%;
  background: ${theme.colors.surface};
  box-shadow: 0 1px 2px rgba(16, 24, 32, 0.25);
  transition: transform 120ms ease;
  [aria-checked='true'] > & {
    transform: translateX(1.25rem);
  }
  /* On is towards the inline end: the left in a right-to-left page. */
  [dir='rtl'] [aria-checked='true'] > & {
    transform: translateX(-1.25rem);
  }
`;

interface SwitchFieldProps {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off setting: a button with role="switch", named by its <label> (Space or Enter toggles it). */
export function SwitchField({ label, hint, checked, onCheckedChange, disabled }: SwitchFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div css={rowStyles}>
      <div css={labelStyles}>
        <label htmlFor={id} css={tapLabelStyles}>
          {label}
        </label>
        {hint && (
          <span id={hintId} css={hintStyles}>
            {hint}
          </span>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        css={trackStyles}
      >
        <span css={thumbStyles} />
      </button>
    </div>
  );
}
