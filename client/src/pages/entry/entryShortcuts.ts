/**
 * Keyboard shortcuts of the entry page. All use Alt (Option) so plain typing never triggers
 * them, and they are matched by physical key (`code`) because Option+key on a Mac produces a
 * different character. On a Mac, Option+key inside a text box types characters (and
 * Option+arrow moves by word), so there the shortcuts wait until focus leaves the text box.
 *
 * Alt+arrows step back and forth between images, and "back" is where the page starts: on the
 * left in a left-to-right page, on the right in a right-to-left one (Arabic), as a book's pages
 * turn. The same table gives the keys and what the Help dialog prints, so the two always agree.
 */
import { textDirection } from '@formscribe/common/i18n/locales';
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

type PageDirection = ReturnType<typeof textDirection>;

/** The arrow that steps to the next and to the previous image, by the page's direction. */
const IMAGE_STEP_KEYS = {
  ltr: { nextImage: 'ArrowRight', previousImage: 'ArrowLeft' },
  rtl: { nextImage: 'ArrowLeft', previousImage: 'ArrowRight' },
} as const satisfies Record<PageDirection, Record<'nextImage' | 'previousImage', string>>;

const ARROW_PRINTED = { ArrowRight: '→', ArrowLeft: '←' } as const;

/** Shortcuts whose key is the same in either direction. */
const SHORTCUTS_BY_CODE: Record<string, EntryShortcut> = {
  Equal: 'zoomIn',
  Minus: 'zoomOut',
  Digit0: 'resetZoom',
  KeyR: 'rotateRight',
  KeyW: 'toggleWholePage',
};

export function entryShortcutFor(
  event: ShortcutKeyEvent,
  context: { inTextField: boolean; isMac: boolean; direction: PageDirection },
): EntryShortcut | null {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  if (context.isMac && context.inTextField) return null;
  const steps = IMAGE_STEP_KEYS[context.direction];
  if (event.code === steps.nextImage) return 'nextImage';
  if (event.code === steps.previousImage) return 'previousImage';
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
 * The image arrows are the ones the page's direction gives (IMAGE_STEP_KEYS).
 */
export function shortcutHelp({
  t,
  locale,
}: Pick<Translator<MessageKey>, 't' | 'locale'>): { keys: string; action: string }[] {
  const steps = IMAGE_STEP_KEYS[textDirection(locale)];
  return [
    { keys: 'Tab / Shift + Tab', action: t('entry.shortcut.moveBetweenFields') },
    { keys: 'Enter', action: t('entry.shortcut.submit') },
    { keys: `Alt + ${ARROW_PRINTED[steps.nextImage]}`, action: t('entry.shortcut.nextImage') },
    { keys: `Alt + ${ARROW_PRINTED[steps.previousImage]}`, action: t('entry.shortcut.previousImage') },
    { keys: 'Alt + =', action: t('entry.shortcut.zoomIn') },
    { keys: 'Alt + -', action: t('entry.shortcut.zoomOut') },
    { keys: 'Alt + 0', action: t('entry.shortcut.resetZoom') },
    { keys: 'Alt + R', action: t('entry.shortcut.rotate') },
    { keys: 'Alt + W', action: t('entry.shortcut.wholePage') },
    { keys: t('entry.shortcut.arrowKeys'), action: t('entry.shortcut.scroll') },
    { keys: 'Esc', action: t('entry.shortcut.closeDialog') },
  ];
}
