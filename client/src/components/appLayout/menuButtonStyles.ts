import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';
import { controlFaceStyles } from '../ui/surfaceStyles.ts';

/** The menu button and the panel's close button. */
export const menuButtonStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  ${controlFaceStyles};
  cursor: pointer;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;
