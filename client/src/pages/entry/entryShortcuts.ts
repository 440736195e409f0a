/**
 * Keyboard shortcuts of the entry page. All use Alt (Option) so plain typing never triggers
 * them, and they are matched by physical key (`code`) because Option+key on a Mac produces a
 * different character. On a Mac, Option+key inside a text box types characters (and
 * Option+arrow moves by word), so there the shortcuts wait until focus leaves the text box.
 */
export type EntryShortcut =
  | 'nextImage'
  | 'previousImage'
  | 'zoomIn'
  | 'zoomOut'
  | 'resetZoom'
  | 'rotateRight'
  | 'toggleWholePage';

export interface ShortcutKeyEvent {
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

const SHORTCUTS_BY_CODE: Record<string, EntryShortcut> = {
  ArrowRight: 'nextImage',
  ArrowLeft: 'previousImage',
  Equal: 'zoomIn',
  Minus: 'zoomOut',
  Digit0: 'resetZoom',
  KeyR: 'rotateRight',
  KeyW: 'toggleWholePage',
};

export function entryShortcutFor(
  event: ShortcutKeyEvent,
  context: { inTextField: boolean; isMac: boolean },
): EntryShortcut | null {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  if (context.isMac && context.inTextField) return null;
  return SHORTCUTS_BY_CODE[event.code] ?? null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'email', 'number', 'search', 'tel', 'url', 'password', 'date']);

/** Where typing goes: a textarea, a text-like input, or anything contenteditable. */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/** What the Help dialog lists. */
export const SHORTCUT_HELP: readonly { keys: string; action: string }[] = [
  { keys: 'Tab / Shift + Tab', action: 'Move between fields and buttons' },
  { keys: 'Enter', action: 'Submit the form (in a text area, Enter starts a new line)' },
  { keys: 'Alt + →', action: 'Next image' },
  { keys: 'Alt + ←', action: 'Previous image' },
  { keys: 'Alt + =', action: 'Zoom in' },
  { keys: 'Alt + -', action: 'Zoom out' },
  { keys: 'Alt + 0', action: 'Reset zoom' },
  { keys: 'Alt + R', action: 'Rotate the image a quarter turn' },
  { keys: 'Alt + W', action: 'Whole page, or back to the field’s part of the page (forms with field regions)' },
  { keys: 'Arrow keys', action: 'Scroll the image when the image area has focus' },
  { keys: 'Esc', action: 'Close a dialog' },
];
