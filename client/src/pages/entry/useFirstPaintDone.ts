/**
 * False on the entry page's first render, true once the browser has painted it: the scan (the
 * page's largest paint) shows before the fields, votes, contributors and the tutorial render and
 * send their reads. A tab opened in the background paints nothing and runs no frame callbacks
 * until it is shown, so there the rest must not wait for a paint: it renders at once when the
 * page starts hidden, and after a short timer (which hidden tabs still run) otherwise.
 */
import { useEffect, useState } from 'react';

/** Far beyond one frame: only a tab hidden just after it started rendering ever waits this long. */
const HIDDEN_TAB_FALLBACK_MS = 250;

export function useFirstPaintDone(): boolean {
  const [painted, setPainted] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    if (painted) return;
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs just after.
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(() => setPainted(true), 0);
    });
    const fallback = setTimeout(() => setPainted(true), HIDDEN_TAB_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}
