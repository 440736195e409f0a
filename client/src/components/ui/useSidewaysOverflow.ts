import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element's content is wider than the element (so it scrolls sideways), kept up to
 * date as either is resized. A box that scrolls must take keyboard focus, or arrow keys cannot
 * reach what it hides (WCAG 2.1.1, axe `scrollable-region-focusable`); one that does not scroll
 * should not be a tab stop.
 */
export function useSidewaysOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content's own width changes too (a row added, a font loaded).
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
