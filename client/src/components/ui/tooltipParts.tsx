/**
 * The Radix part of Tooltip.tsx, with the positioning library under it: loaded after the page's
 * first paint or at the first hover or focus on a trigger (tooltipLoader.ts).
 */
import { css, keyframes } from '@emotion/react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { type ReactElement, useEffect, useRef } from 'react';
import { theme } from '../../theme/theme.ts';
import { onlyKeyboardFocus } from './tooltipKeyboardFocus.ts';
import { tooltipClosed, tooltipOpened, useTooltipOpenDelay } from './tooltipSkipDelay.ts';

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

interface RadixTooltipProps {
  label: string;
  side: 'top' | 'right' | 'bottom' | 'left';
  /** Receives the trigger's element (Radix composes it with the child's own ref). */
  triggerRef: (element: HTMLElement | null) => void;
  children: ReactElement;
}

export function RadixTooltipWithLabel({ label, side, triggerRef, children }: RadixTooltipProps) {
  const openDelay = useTooltipOpenDelay();
  const open = useRef(false);
  // A tooltip removed while open (its dialog closed) never reports closing: count it closed here.
  useEffect(
    () => () => {
      if (open.current) tooltipClosed();
    },
    [],
  );
  function onOpenChange(nowOpen: boolean) {
    open.current = nowOpen;
    if (nowOpen) tooltipOpened();
    else tooltipClosed();
  }
  return (
    // Radix's own skip delay is off: tooltipSkipDelay.ts shares it across these providers.
    <RadixTooltip.Provider skipDelayDuration={0}>
      <RadixTooltip.Root delayDuration={openDelay} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild onFocus={onlyKeyboardFocus} ref={triggerRef}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content side={side} sideOffset={6} collisionPadding={8} css={contentStyles}>
            {label}
            <RadixTooltip.Arrow css={arrowStyles} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
