import { css, keyframes } from '@emotion/react';
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { Tooltip } from '../ui/Tooltip.tsx';
import { menuButtonStyles } from './menuButtonStyles.ts';
import { NavigationMenu } from './NavigationMenu.tsx';

/** The panel slides in from the reading start: the left, or the right in a right-to-left page. */
const slideIn = keyframes`
  from { transform: translateX(var(--slide-from, -100%)); }
  to { transform: translateX(0); }
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
  inset-inline-start: 0;
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
  [dir='rtl'] & {
    --slide-from: 100%;
  }
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

interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the panel closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The slide-out navigation for narrow screens; Radix Dialog traps focus and closes on Escape. */
export function MobileMenuPanel({ open, onOpenChange, returnFocusTo }: MobileMenuPanelProps) {
  const { t } = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay css={overlayStyles} />
        <Dialog.Content
          css={panelStyles}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div css={panelHeaderStyles}>
            <Dialog.Title css={titleStyles}>{t('common.productName')}</Dialog.Title>
            <Tooltip label={t('app.layout.closeMenu')}>
              <Dialog.Close css={menuButtonStyles} aria-label={t('app.layout.closeMenu')}>
                <span aria-hidden css={closeGlyphStyles}>
                  ×
                </span>
              </Dialog.Close>
            </Tooltip>
          </div>
          <NavigationMenu onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
