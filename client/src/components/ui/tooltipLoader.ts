/**
 * Radix Tooltip and the positioning library under it are ~20 kB (brotli) in three files, yet no
 * tooltip shows before a pointer has rested on a button for 700 ms. So they are not part of
 * any page's startup: they load once the page has settled (its reads, its pictures, then idle
 * time), or at once when a pointer enters or focus reaches a tooltip's trigger. One module-level
 * store swaps every tooltip on the page in the same render.
 */
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { afterIdle, whenPageSettles } from '../../api/whenPageSettles.ts';

type TooltipParts = typeof import('./tooltipParts.tsx');

let loading = false;
let scheduled = false;
let focusedAtSwap: Element | null = null;
const usePartsStore = create<{ parts: TooltipParts | null }>(() => ({ parts: null }));

/** The Radix part, or null until it has loaded. */
export function useTooltipParts(): TooltipParts | null {
  return usePartsStore((state) => state.parts);
}

const loadedParts = () => usePartsStore.getState().parts;

/** What had focus when the tooltips were swapped in: a trigger that had it gets it back. */
export function focusedAtTooltipSwap(): Element | null {
  return focusedAtSwap;
}

/** Starts loading the Radix part now (a hover or focus on a trigger). */
export function loadTooltipParts(): void {
  if (loadedParts() || loading) return;
  loading = true;
  import('./tooltipParts.tsx').then(
    (module) => afterPressesEnd(() => swapIn(module)),
    () => {
      // Offline or a new deployment: the next hover tries again; the buttons work meanwhile.
      loading = false;
    },
  );
}

/** Loads the Radix part once the page has settled (the first tooltip on a page asks). */
export function loadTooltipPartsWhenSettled(queryClient: QueryClient | undefined): void {
  if (scheduled || loadedParts()) return;
  scheduled = true;
  // A component rendered without the app (a component test) has no reads to wait for.
  if (queryClient) whenPageSettles(queryClient, loadTooltipParts);
  else afterIdle(loadTooltipParts);
}

function swapIn(module: TooltipParts) {
  focusedAtSwap = document.activeElement;
  usePartsStore.setState({ parts: module });
}

/**
 * The swap remounts the triggers. A button pressed and not yet released would then lose its
 * click (the release lands on a new element), so the swap waits for the release and its click.
 */
const CLICK_AFTER_RELEASE_MS = 100;
let pressed = false;
let onRelease: (() => void) | null = null;

function afterPressesEnd(then: () => void) {
  if (pressed) onRelease = then;
  else then();
}

function released() {
  pressed = false;
  const then = onRelease;
  onRelease = null;
  if (!then) return;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    document.removeEventListener('click', afterClick, true);
    then();
  };
  // A touch's click comes a moment after its release; a mouse's in the same task.
  const afterClick = () => setTimeout(finish, 0);
  const timer = setTimeout(finish, CLICK_AFTER_RELEASE_MS);
  document.addEventListener('click', afterClick, true);
}

if (typeof document !== 'undefined') {
  const press = () => (pressed = true);
  document.addEventListener('pointerdown', press, true);
  document.addEventListener('keydown', press, true);
  for (const type of ['pointerup', 'pointercancel', 'keyup'] as const) document.addEventListener(type, released, true);
  // A key or button released in another window never reports it here.
  window.addEventListener('blur', released);
}
