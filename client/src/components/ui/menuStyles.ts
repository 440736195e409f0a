import { css } from '@emotion/react';
import { theme } from '../../theme/theme.ts';
import { insetBoxStyles } from './surfaceStyles.ts';

/** The look of every Radix DropdownMenu panel (the owner page's Actions, the image cards' menus). */
export const menuContentStyles = css`
  z-index: 30;
  min-width: 11rem;
  padding: 0.375rem;
  background: ${theme.colors.surface};
  ${insetBoxStyles};
  box-shadow: ${theme.shadows.raised};
`;

export const menuItemStyles = css`
  display: flex;
  align-items: center;
  min-height: 2.25rem;
  padding: 0.375rem 0.75rem;
  border-radius: 4px;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.small};
  cursor: pointer;
  user-select: none;
  outline: none;
  &[data-highlighted] {
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primary};
  }
  &[data-disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const dangerMenuItemStyles = css`
  ${menuItemStyles};
  color: ${theme.colors.danger};
  &[data-highlighted] {
    background: ${theme.colors.dangerSoft};
    color: ${theme.colors.danger};
  }
`;

export const menuSeparatorStyles = css`
  height: 1px;
  margin: 0.375rem 0;
  background: ${theme.colors.border};
`;
