/**
 * The name of an icon-only button, shown on hover after 700 ms (300 ms while moving between
 * tooltips, as spec section 9 says) and on keyboard focus. The button keeps its own aria-label:
 * the tooltip is for sighted users, the label for assistive technology.
 */
import { css, keyframes } from '@emotion/react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { createContext, type FocusEvent, type ReactElement, type ReactNode, useContext } from 'react';
import { theme } from '../../theme/theme.ts';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const contentStyles = css`
  z-index: 200;
  max-width: min(18rem, calc(100vw - 1rem));
  padding: 0.375rem 0.625rem;
  border-radius: ${theme.radii.small};
  background: ${theme.colors.text};
  color: ${theme.colors.surface};
  font-size: ${theme.fontSizes.small};
  line-height: 1.3;
  box-shadow: ${theme.shadows.raised};
  animation: ${fadeIn} 100ms ease-out;
`;

const arrowStyles = css`
  fill: ${theme.colors.text};
`;

const InsideTooltipProvider = createContext(false);

/** One provider for the app, so moving from one icon button to the next skips the delay. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InsideTooltipProvider.Provider value={true}>{children}</InsideTooltipProvider.Provider>
    </RadixTooltip.Provider>
  );
}

/**
 * Focus opens the tooltip only when the user tabbed there. Focus moved by script (a dialog
 * focusing its close button as it opens) shows none: that tooltip would also take the first
 * Escape, which should close the dialog.
 */
let lastKeyWasTab = false;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', (event) => (lastKeyWasTab = event.key === 'Tab'), true);
  document.addEventListener('pointerdown', () => (lastKeyWasTab = false), true);
}

function onlyKeyboardFocus(event: FocusEvent<HTMLElement>) {
  if (!lastKeyWasTab) event.preventDefault();
}

interface TooltipProps {
  label: string;
  /** The trigger: a button (or a Radix trigger rendering one) that forwards its ref and props. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip(props: TooltipProps) {
  // A component rendered on its own (a component test) still works, with its own provider.
  if (useContext(InsideTooltipProvider)) return <TooltipRoot {...props} />;
  return (
    <TooltipProvider>
      <TooltipRoot {...props} />
    </TooltipProvider>
  );
}

function TooltipRoot({ label, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild onFocus={onlyKeyboardFocus}>
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content side={side} sideOffset={6} collisionPadding={8} css={contentStyles}>
          {label}
          <RadixTooltip.Arrow css={arrowStyles} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
