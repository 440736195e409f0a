/**
 * For what a page's first paint does not need (the toasts' code, the live-updates socket): wait
 * until the reads under way have landed, the pictures on the page have loaded (the entry page's
 * scan is its largest paint) and the browser is idle, so that their downloads and work never
 * compete with the page's own code, data, picture and first render on a slow phone. Nothing is
 * lost by waiting: a toast raised meanwhile waits in its store, and a watch joined later is
 * followed by a refetch of what it watches.
 */
import type { QueryClient } from '@tanstack/react-query';

/** However busy the page stays (a poll, a slow read), deferred work starts by then. */
export const SETTLE_AT_MOST_MS = 4000;
const IDLE_TIMEOUT_MS = 500;
/**
 * Idle time comes between the slices of a render too (React yields while it renders a page in a
 * transition), so the page must also stay quiet this long: long enough for the render that the
 * last answer started to be painted.
 */
const QUIET_MS = 300;

/**
 * Calls `then` in the browser's next idle slice (at the latest after IDLE_TIMEOUT_MS; at once
 * where the browser has no idle callbacks). Returns a cancel function.
 */
export function afterIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(then, 0);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(then, { timeout: IDLE_TIMEOUT_MS });
  return () => window.cancelIdleCallback(handle);
}

/** Idle, then quiet for QUIET_MS. */
function whenIdle(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelIdle = afterIdle(() => {
    timer = setTimeout(then, QUIET_MS);
  });
  return () => {
    cancelIdle();
    clearTimeout(timer);
  };
}

/** Pictures still downloading; lazy ones wait for a scroll that may never come, so they do not count. */
function loadingImages(): HTMLImageElement[] {
  return [...document.images].filter((image) => !image.complete && image.loading !== 'lazy');
}

/**
 * Calls `then` once, when no query is fetching, no picture is loading and the browser is idle.
 * Returns a cancel function.
 */
export function whenPageSettles(queryClient: QueryClient, then: () => void): () => void {
  let done = false;
  let cancelIdle: (() => void) | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    cleanUp();
    then();
  };
  const watchedImages = new WeakSet<HTMLImageElement>();
  const busy = () => {
    if (queryClient.isFetching() > 0) return true;
    const images = loadingImages();
    for (const image of images) {
      if (watchedImages.has(image)) continue;
      watchedImages.add(image);
      image.addEventListener('load', check, { once: true });
      image.addEventListener('error', check, { once: true });
    }
    return images.length > 0;
  };
  function check() {
    if (done || cancelIdle || busy()) return;
    cancelIdle = whenIdle(() => {
      cancelIdle = undefined;
      // Something started fetching or loading while we waited for idle time: wait for that too.
      if (busy()) return;
      finish();
    });
  }
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const deadline = setTimeout(finish, SETTLE_AT_MOST_MS);
  function cleanUp() {
    unsubscribe();
    clearTimeout(deadline);
    cancelIdle?.();
  }
  check();
  return () => {
    done = true;
    cleanUp();
  };
}
