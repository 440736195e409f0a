import { css } from '@emotion/react';
import * as Checkbox from '@radix-ui/react-checkbox';
import { useId } from 'react';
import { theme } from '../../theme/theme.ts';
import { outlinedStyles } from './surfaceStyles.ts';

const rowStyles = css`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

/** On a phone the label is the tap target, so it is 44 px high. */
const labelStyles = css`
  ${theme.media.mobile} {
    display: inline-flex;
    align-items: center;
    flex: 1;
    min-height: ${theme.layout.tapTarget};
  }
`;

const boxStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.25rem;
  height: 1.25rem;
  padding: 0;
  ${outlinedStyles};
  border-radius: 4px;
  background: ${theme.colors.surface};
  cursor: pointer;
  &[data-state='checked'] {
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const tickStyles = css`
  color: ${theme.colors.primaryText};
  font-size: 0.875rem;
  line-height: 1;
`;

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function CheckboxField({ label, checked, onCheckedChange, disabled }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div css={rowStyles}>
      <Checkbox.Root
        id={id}
        css={boxStyles}
        checked={checked}
        disabled={disabled}
        // Radix reports 'indeterminate' too; this field only ever has two states.
        onCheckedChange={(state) => onCheckedChange(state === true)}
      >
        <Checkbox.Indicator css={tickStyles} aria-hidden>
          ✓
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} css={labelStyles}>
        {label}
      </label>
    </div>
  );
}
