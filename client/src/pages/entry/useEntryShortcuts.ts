import { useEffect, useLayoutEffect, useRef } from 'react';
import { type EntryShortcut, entryShortcutFor, isMacPlatform, isTextField } from './entryShortcuts.ts';

export type ShortcutHandlers = Partial<Record<EntryShortcut, () => void>>;

/**
 * Listens for the entry page's Alt shortcuts anywhere on the page, except while a dialog is
 * open (its own keys come first). A shortcut without a handler does nothing and leaves the key alone.
 */
export function useEntryShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const isMac = isMacPlatform();
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      const shortcut = entryShortcutFor(event, { inTextField: isTextField(document.activeElement), isMac });
      const handler = shortcut ? latest.current[shortcut] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
