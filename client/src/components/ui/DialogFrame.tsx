import { css, keyframes } from '@emotion/react';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { Tooltip } from './Tooltip.tsx';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const overlayStyles = css`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${theme.colors.overlay};
  animation: ${fadeIn} 120ms ease-out;
`;

const contentStyles = (maxWidth: string) => css`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: 50;
  display: flex;
  flex-direction: column;
  gap: 1rem;
  width: calc(100vw - 2rem);
  max-width: ${maxWidth};
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: 1.5rem;
  transform: translate(-50%, -50%);
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.medium};
  box-shadow: ${theme.shadows.raised};
  animation: ${fadeIn} 120ms ease-out;
  &:focus {
    outline: none;
  }
`;

const headerStyles = css`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;
`;

const titleStyles = css`
  font-size: ${theme.fontSizes.large};
  margin: 0;
`;

const descriptionStyles = css`
  margin: 0.25rem 0 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
`;

const closeStyles = css`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border: none;
  border-radius: ${theme.radii.small};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Defaults to 32rem; the settings dialog is wider. */
  maxWidth?: string;
  /** Hide the × button (the tutorial has its own Skip Tutorial). */
  hideClose?: boolean;
  /**
   * Where focus goes when the dialog closes. Needed when it was opened from a menu item, which
   * is gone by then (Radix would otherwise drop focus on the page body).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal dialog with the app's look: Radix traps focus, closes on Escape and restores focus
 * to whatever opened it; the title names the dialog for assistive technology.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  maxWidth = '32rem',
  hideClose = false,
  returnFocusTo,
  children,
}: DialogFrameProps) {
  const { t } = useT();
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay css={overlayStyles} />
        <Dialog.Content
          css={contentStyles(maxWidth)}
          onOpenAutoFocus={() => {
            // Most dialogs here open from state, not a Radix Trigger, so Radix would not know
            // where to give focus back: remember what had it.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current ?? opener.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          // Without a description, say so explicitly (Radix otherwise warns about a missing one).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div css={headerStyles}>
            <div>
              <Dialog.Title css={titleStyles}>{title}</Dialog.Title>
              {description && <Dialog.Description css={descriptionStyles}>{description}</Dialog.Description>}
            </div>
            {!hideClose && (
              <Tooltip label={t('common.close')}>
                <Dialog.Close css={closeStyles} aria-label={t('common.close')}>
                  <span aria-hidden>×</span>
                </Dialog.Close>
              </Tooltip>
            )}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
