/**
 * The Images tab's file pickers (images, catalogue): the real file input is hidden behind its
 * label, which looks like a button; the input keeps the focus, so the focus ring is drawn on the label.
 */
import { css } from '@emotion/react';
import { visuallyHidden } from '../../../components/ui/visuallyHidden.ts';
import { theme } from '../../../theme/theme.ts';

/** A picker's button beside its hint, wrapping on a phone. */
export const pickerRowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1rem;
`;

export const hiddenFileInputStyles = css`
  ${visuallyHidden};
  &:focus-visible + label {
    box-shadow: ${theme.focusRing};
  }
`;
