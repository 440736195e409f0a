/** The edit dialog's frame: centred, scrolls inside itself on short screens. */
import { css } from '@emotion/react';
import { theme } from '../../../theme/theme.ts';

export const overlayStyles = css`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${theme.colors.overlay};
`;

export const contentStyles = css`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: 50;
  transform: translate(-50%, -50%);
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  width: min(560px, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: 1.5rem;
  border-radius: ${theme.radii.medium};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.raised};
  &:focus {
    outline: none;
  }
`;

export const titleStyles = css`
  font-size: ${theme.fontSizes.large};
`;

export const footerStyles = css`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

export const fieldGroupStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  margin: 0;
  padding: 0;
  border: none;
`;

export const labelStyles = css`
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
  padding: 0;
`;

export const errorTextStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.danger};
`;

export const iconButtonStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  flex: none;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${theme.radii.small};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.text};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
  &:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
`;

export const dangerIconButtonStyles = css`
  &:hover:not(:disabled) {
    background: ${theme.colors.dangerSoft};
    color: ${theme.colors.danger};
  }
`;
