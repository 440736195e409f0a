import { textDirection } from '@formscribe/common/i18n/locales';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useT } from '../../i18n/useT.ts';
import { type EntryShortcut, entryShortcutFor, isMacPlatform, isTextField } from './entryShortcuts.ts';

export type ShortcutHandlers = Partial<Record<EntryShortcut, () => void>>;

/**
 * Listens for the entry page's Alt shortcuts anywhere on the page, except while a dialog is
 * open (its own keys come first). A shortcut without a handler does nothing and leaves the key alone.
 * Alt+arrows step between images the way the page reads (entryShortcuts.ts), in the language in use.
 */
export function useEntryShortcuts(handlers: ShortcutHandlers): void {
  const direction = textDirection(useT().locale);
  const latest = useRef({ handlers, direction });
  useLayoutEffect(() => {
    latest.current = { handlers, direction };
  });

  useEffect(() => {
    const isMac = isMacPlatform();
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      const { handlers: current, direction: pageDirection } = latest.current;
      const inTextField = isTextField(document.activeElement);
      const shortcut = entryShortcutFor(event, { inTextField, isMac, direction: pageDirection });
      const handler = shortcut ? current[shortcut] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
