/**
 * The look of a small segmented tab bar (Radix Tabs): a muted track and raised active tab.
 * Sign In/Sign Up, Form Builder/Preview and Consolidated/Submissions share it; callers add
 * their own sizing on top.
 */
import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';

export const segmentedTabTriggerStyles = css`
  border: none;
  border-radius: ${theme.radii.small};
  background: transparent;
  color: ${theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[data-state='active'] {
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    box-shadow: ${theme.shadows.card};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

/** Tab panels take focus from the keyboard; the ring shows where it went. */
export const tabPanelFocusStyles = css`
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;
