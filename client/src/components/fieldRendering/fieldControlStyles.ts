/** The look shared by every rendered form control, so a digital form reads as one piece. */
import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';
import { textInputStyles } from '../ui/textInputStyles.ts';

export const controlStyles = css`
  ${textInputStyles};
  width: 100%;
  min-height: 2.5rem;
  /* A date input's focus sits in its inner parts, where Chromium matches :focus-within only. */
  &:focus-within {
    outline: none;
    border-color: ${theme.colors.focus};
    box-shadow: ${theme.focusRing};
  }
  &:disabled {
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.textMuted};
    cursor: not-allowed;
  }
`;

/** A field that enough entries agreed on (spec section 4): locked and green. */
export const verifiedControlStyles = css`
  &,
  &:disabled {
    border-color: ${theme.colors.success};
    background: ${theme.colors.successSoft};
    color: ${theme.colors.success};
  }
`;

export const fieldLabelStyles = css`
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
`;

export const requiredMarkStyles = css`
  margin-inline-start: 0.25rem;
  color: ${theme.colors.danger};
`;
