/**
 * Moving from one icon button to the next shows the next tooltip at once (spec section 9: skip
 * 300 ms). Each tooltip has its own Radix provider (there is no app-level one: it would hold the
 * Radix code in every page's startup), so they share here whether a tooltip is open or closed
 * less than TOOLTIP_SKIP_DELAY_MS ago.
 */
import { create } from 'zustand';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let openTooltips = 0;
let skipEndTimer: ReturnType<typeof setTimeout> | undefined;
const useSkipStore = create<{ skipping: boolean }>(() => ({ skipping: false }));

const setSkipping = (skipping: boolean) => useSkipStore.setState({ skipping });

export function tooltipOpened() {
  openTooltips += 1;
  clearTimeout(skipEndTimer);
  setSkipping(true);
}

export function tooltipClosed() {
  openTooltips = Math.max(0, openTooltips - 1);
  if (openTooltips > 0) return;
  clearTimeout(skipEndTimer);
  skipEndTimer = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY_MS);
}

/** The open delay for a tooltip hovered now: none while another is open or has just closed. */
export function useTooltipOpenDelay(): number {
  return useSkipStore((state) => state.skipping) ? 0 : TOOLTIP_OPEN_DELAY_MS;
}
