import { useCallback, useEffect, useRef, useState } from 'react';
import { UNSAVED_EDITS_TTL_MS } from './entryFeedback.ts';

/**
 * Whether the entry holds edits not yet submitted: set by each edit, cleared by submitting or
 * 30 seconds after the last edit (spec section 4). While set, closing the tab asks first.
 */
export function useUnsavedEditsFlag() {
  const [unsaved, setUnsaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setUnsaved(false);
  }, []);

  const markEdited = useCallback(() => {
    clearTimeout(timer.current);
    setUnsaved(true);
    timer.current = setTimeout(() => setUnsaved(false), UNSAVED_EDITS_TTL_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { unsaved, markEdited, clear };
}
