/**
 * Focus opens a tooltip only when the user tabbed there. Focus moved by script (a dialog
 * focusing its close button as it opens) shows none: that tooltip would also take the first
 * Escape, which should close the dialog. The keys are followed from the page's start, before the
 * tooltips' own code has loaded, so a Tab pressed meanwhile still counts once it arrives.
 */
import type { FocusEvent } from 'react';

let lastKeyWasTab = false;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', (event) => (lastKeyWasTab = event.key === 'Tab'), true);
  document.addEventListener('pointerdown', () => (lastKeyWasTab = false), true);
}

/** A trigger's onFocus: stops the tooltip opening unless the focus came from Tab. */
export function onlyKeyboardFocus(event: FocusEvent<HTMLElement>) {
  if (!lastKeyWasTab) event.preventDefault();
}
