/**
 * False on the first render, true once the browser has painted that render. A page renders its
 * first screenful (a header, the form's name) at once and the heavier part below it on the next
 * frame, so what the user looks for first is painted before the rest starts its reads and its
 * render (on a slow phone that render alone takes a few hundred milliseconds).
 */
import { useEffect, useState } from 'react';

export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
