import { css, type SerializedStyles } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variantStyles: Record<ButtonVariant, SerializedStyles> = {
  primary: css`
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
    &:hover:not(:disabled) {
      background: ${theme.colors.primaryHover};
    }
  `,
  secondary: css`
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    border-color: ${theme.colors.border};
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceMuted};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${theme.colors.primarySoft};
    }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: ${theme.colors.primaryText};
    &:hover:not(:disabled) {
      background: ${theme.colors.dangerHover};
    }
  `,
};

/** Shared by <Button> and links that look like buttons, so both read as the same control. */
export function buttonStyles(variant: ButtonVariant = 'primary', fullWidth = false): SerializedStyles {
  return css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    min-height: 2.5rem;
    ${theme.media.mobile} {
      min-height: ${theme.layout.tapTarget};
    }
    padding: 0.5rem 1rem;
    width: ${fullWidth ? '100%' : 'auto'};
    border: 1px solid transparent;
    border-radius: ${theme.radii.small};
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
    transition: background-color 120ms ease;
    &:focus-visible {
      outline: none;
      box-shadow: ${theme.focusRing};
    }
    &:disabled {
      opacity: 0.55;
      cursor: not-allowed;
    }
    ${variantStyles[variant]}
  `;
}
