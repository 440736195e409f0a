/**
 * The face of every box one types or picks in: ui/TextField, TextAreaField and SelectField, the
 * rendered form's controls (fieldRendering) and read-only link boxes. Each adds only its height
 * and what is its own (invalid and disabled looks, a monospace font).
 */
import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';
import { insetBoxStyles } from './surfaceStyles.ts';

export const textInputStyles = css`
  padding: 0.5rem 0.75rem;
  ${insetBoxStyles};
  font: inherit;
  color: ${theme.colors.text};
  background: ${theme.colors.surface};
  &:focus {
    outline: none;
    border-color: ${theme.colors.focus};
    box-shadow: ${theme.focusRing};
  }
`;
