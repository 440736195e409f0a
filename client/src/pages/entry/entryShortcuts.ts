/**
 * Keyboard shortcuts of the entry page. All use Alt (Option) so plain typing never triggers
 * them, and they are matched by physical key (`code`) because Option+key on a Mac produces a
 * different character. On a Mac, Option+key inside a text box types characters (and
 * Option+arrow moves by word), so there the shortcuts wait until focus leaves the text box.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import type { MessageKey } from '../../i18n/messageKeys.ts';
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

/**
 * What the Help dialog lists, in the language in use. Keys are named as printed on the keyboard
 * (Tab, Enter, Alt, Esc), which stay as they are in every language; only 'Arrow keys' is words.
 */
export function shortcutHelp({ t }: Pick<Translator<MessageKey>, 't'>): { keys: string; action: string }[] {
  return [
    { keys: 'Tab / Shift + Tab', action: t('entry.shortcut.moveBetweenFields') },
    { keys: 'Enter', action: t('entry.shortcut.submit') },
    { keys: 'Alt + →', action: t('entry.shortcut.nextImage') },
    { keys: 'Alt + ←', action: t('entry.shortcut.previousImage') },
    { keys: 'Alt + =', action: t('entry.shortcut.zoomIn') },
    { keys: 'Alt + -', action: t('entry.shortcut.zoomOut') },
    { keys: 'Alt + 0', action: t('entry.shortcut.resetZoom') },
    { keys: 'Alt + R', action: t('entry.shortcut.rotate') },
    { keys: 'Alt + W', action: t('entry.shortcut.wholePage') },
    { keys: t('entry.shortcut.arrowKeys'), action: t('entry.shortcut.scroll') },
    { keys: 'Esc', action: t('entry.shortcut.closeDialog') },
  ];
}
