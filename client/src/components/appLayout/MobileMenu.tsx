import { css, keyframes } from '@emotion/react';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { theme } from '../../theme/theme.ts';
import { Tooltip } from '../ui/Tooltip.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';

const slideIn = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

const triggerStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.small};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  cursor: pointer;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const overlayStyles = css`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${theme.colors.overlay};
`;

const panelStyles = css`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: 50;
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  width: min(85vw, 300px);
  padding: 1.25rem 1rem;
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.raised};
  overflow-y: auto;
  animation: ${slideIn} 180ms ease-out;
  &:focus {
    outline: none;
  }
`;

const panelHeaderStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const titleStyles = css`
  font-size: ${theme.fontSizes.large};
  color: ${theme.colors.primary};
`;

const closeGlyphStyles = css`
  font-size: 1.5rem;
  line-height: 1;
`;

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The slide-out navigation for narrow screens; Radix Dialog traps focus and closes on Escape. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Tooltip label="Open menu">
        <Dialog.Trigger css={triggerStyles} aria-label="Open menu">
          <MenuIcon />
        </Dialog.Trigger>
      </Tooltip>
      <Dialog.Portal>
        <Dialog.Overlay css={overlayStyles} />
        <Dialog.Content css={panelStyles} aria-describedby={undefined}>
          <div css={panelHeaderStyles}>
            <Dialog.Title css={titleStyles}>Formscribe</Dialog.Title>
            <Tooltip label="Close menu">
              <Dialog.Close css={triggerStyles} aria-label="Close menu">
                <span aria-hidden css={closeGlyphStyles}>
                  ×
                </span>
              </Dialog.Close>
            </Tooltip>
          </div>
          <NavigationMenu onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
