import { type RefObject, useEffect, useState } from 'react';

export interface ViewerSize {
  width: number;
  height: number;
}

/**
 * The viewer's outer size, kept up to date as the window changes (a phone turned, a window
 * narrowed, the phone layout's shorter crop): a region framed for one size cuts the box at
 * another. The border box, so a scrollbar coming or going with the zoom does not count as a resize.
 */
export function useViewerSize(ref: RefObject<HTMLElement | null>): ViewerSize | null {
  const [size, setSize] = useState<ViewerSize | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      if (!box) return;
      const next = { width: Math.round(box.inlineSize), height: Math.round(box.blockSize) };
      setSize((current) => (current?.width === next.width && current.height === next.height ? current : next));
    });
    observer.observe(element, { box: 'border-box' });
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
