import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * The content width of the element behind the returned ref, kept current as it resizes: the
 * Insights charts draw to the width they are given (a phone's 300 px as well as a desktop's 900).
 */
export function useBoxWidth<T extends HTMLElement>(initial: number, least = 200): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.max(least, Math.floor(entry?.contentRect.width ?? initial))),
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [initial, least]);
  return [ref, width];
}
