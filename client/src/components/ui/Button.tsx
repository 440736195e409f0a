import type { ButtonHTMLAttributes } from 'react';
import { type ButtonVariant, buttonStyles } from './buttonStyles.ts';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

export function Button({ variant = 'primary', fullWidth = false, type = 'button', ...props }: ButtonProps) {
  return <button type={type} css={buttonStyles(variant, fullWidth)} {...props} />;
}
