/**
 * False while the entry page's scan (its largest paint) is still to be painted, then true: the
 * fields, votes, contributors and the tutorial render and send their reads after it, so on a slow
 * phone their render does not hold the picture back, whether the picture arrives before the
 * page's first paint or after it.
 *
 * "Painted" is the browser's own largest-contentful-paint entry for an image, where the browser
 * reports one; they never wait more than MAX_WAIT_MS for it (a slow picture must not keep the
 * fields from a contributor). Browsers report those only for the page the tab loaded, until the
 * user's first click or key: where they report none, or the user has already interacted (the
 * page was reached by a link in the app, or after signing in), the page's first paint is the
 * signal instead. A tab opened in the background paints nothing and runs no frame callbacks until
 * it is shown, so there nothing waits at all.
 */
import { startTransition, useEffect, useState } from 'react';

/** The longest the rest of the page waits for the scan; a hidden tab's timers still run. */
export const MAX_WAIT_MS = 1000;

const reportsLargestPaint = () =>
  typeof PerformanceObserver !== 'undefined' &&
  PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint') === true &&
  performance.getEntriesByType('first-input').length === 0;

export function useScanPainted(): boolean {
  const [painted, setPainted] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    if (painted) return;
    // What renders then (the fields, votes, contributors) is a transition: React renders it in
    // slices between which the browser stays free for input, instead of one long task.
    const reveal = () => startTransition(() => setPainted(true));
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs just after.
    const afterNextPaint = () => {
      const frame = requestAnimationFrame(() => {
        afterPaint = setTimeout(reveal, 0);
      });
      return () => cancelAnimationFrame(frame);
    };
    let stopWatching: () => void;
    if (reportsLargestPaint()) {
      const observer = new PerformanceObserver((list) => {
        const scanPainted = list
          .getEntries()
          .some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element?.tagName === 'IMG');
        if (scanPainted) reveal();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      stopWatching = () => observer.disconnect();
    } else {
      stopWatching = afterNextPaint();
    }
    const fallback = setTimeout(reveal, MAX_WAIT_MS);
    return () => {
      stopWatching();
      clearTimeout(afterPaint);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}
