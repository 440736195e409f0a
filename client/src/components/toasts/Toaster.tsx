/**
 * Renders the toast store with Radix Toast: swipe towards the nearer edge 50 px (right, or left in
 * a right-to-left page) or press Escape to dismiss, F8 to focus. Toasts sit at the inline end.
 */
import { css, keyframes } from '@emotion/react';
import { textDirection } from '@formscribe/common/i18n/locales';
import * as Toast from '@radix-ui/react-toast';
import { useLocaleStore } from '../../i18n/localeStore.ts';
import { useT } from '../../i18n/useT.ts';
import { DEFAULT_TOAST_DURATION_MS, type ToastItem, useToastStore } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { Tooltip } from '../ui/Tooltip.tsx';

const SWIPE_THRESHOLD_PX = 50;
const VIEWPORT_HOTKEY = ['F8'];

/** From beyond the inline end: `--toast-side` is 1 left to right, -1 right to left. */
const slideIn = keyframes`
  from { transform: translateX(calc((100% + 1.5rem) * var(--toast-side, 1))); }
  to { transform: translateX(0); }
`;

const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`;

const viewportStyles = css`
  position: fixed;
  bottom: 0;
  inset-inline-end: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: 100%;
  max-width: 420px;
  margin: 0;
  padding: 1.5rem;
  list-style: none;
  outline: none;
`;

function toastStyles(variant: ToastItem['variant']) {
  const destructive = variant === 'destructive';
  return css`
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 0.25rem 0.75rem;
    align-items: start;
    padding: 1rem;
    border-radius: ${theme.radii.medium};
    border: 1px solid ${destructive ? theme.colors.danger : theme.colors.border};
    background: ${destructive ? theme.colors.danger : theme.colors.surface};
    color: ${destructive ? theme.colors.primaryText : theme.colors.text};
    box-shadow: ${theme.shadows.raised};
    [dir='rtl'] & {
      --toast-side: -1;
    }
    &[data-state='open'] {
      animation: ${slideIn} 180ms ease-out;
    }
    &[data-state='closed'] {
      animation: ${fadeOut} 120ms ease-in;
    }
    &[data-swipe='move'] {
      transform: translateX(var(--radix-toast-swipe-move-x));
    }
    &[data-swipe='end'] {
      animation: ${fadeOut} 120ms ease-out;
    }
  `;
}

const titleStyles = css`
  grid-column: 1;
  font-weight: 600;
`;

const descriptionStyles = css`
  grid-column: 1;
  font-size: ${theme.fontSizes.small};
`;

const actionStyles = css`
  grid-column: 1;
  justify-self: start;
  margin-top: 0.5rem;
  padding: 0.25rem 0.75rem;
  border: 1px solid currentColor;
  border-radius: ${theme.radii.small};
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const closeStyles = css`
  grid-column: 2;
  grid-row: 1;
  border: none;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

export function Toaster() {
  const { t } = useT();
  const rightToLeft = useLocaleStore((state) => textDirection(state.locale) === 'rtl');
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <Toast.Provider
      duration={DEFAULT_TOAST_DURATION_MS}
      swipeDirection={rightToLeft ? 'left' : 'right'}
      swipeThreshold={SWIPE_THRESHOLD_PX}
    >
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismiss(toast.id);
          }}
          duration={toast.durationMs ?? DEFAULT_TOAST_DURATION_MS}
          // Failures interrupt the screen reader; everything else waits its turn.
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          css={toastStyles(toast.variant)}
        >
          <Toast.Title css={titleStyles}>{toast.title}</Toast.Title>
          {toast.description && <Toast.Description css={descriptionStyles}>{toast.description}</Toast.Description>}
          {toast.action && (
            <Toast.Action altText={toast.action.label} onClick={toast.action.onClick} css={actionStyles}>
              {toast.action.label}
            </Toast.Action>
          )}
          <Tooltip label={t('common.close')}>
            <Toast.Close aria-label={t('common.close')} css={closeStyles}>
              <span aria-hidden>×</span>
            </Toast.Close>
          </Tooltip>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={VIEWPORT_HOTKEY}
        label={t('app.toast.viewportLabel', { hotkey: VIEWPORT_HOTKEY.join('+') })}
        css={viewportStyles}
      />
    </Toast.Provider>
  );
}
