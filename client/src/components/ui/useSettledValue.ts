import { useCallback, useEffect, useState } from 'react';

/** Typing settles this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stopped changing for a moment: a search is sent when typing pauses. */
export function useSettledValue(value: string, delayMs = SEARCH_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A page number that belongs to one set of filters: when the filters change, paging starts
 * again at page 1 without an extra render.
 */
export function usePageFor(filterKey: string): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ filterKey, page: next }), [filterKey]);
  return [page, setPage];
}
