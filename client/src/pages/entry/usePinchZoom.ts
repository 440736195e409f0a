/**
 * Two-finger pinch on the entry image changes the viewer's zoom (not the page's): the zoom
 * follows the ratio of the fingers' distance to their distance when the pinch began. The
 * element sets `touch-action: pan-x pan-y`, so one finger still scrolls the zoomed image and
 * the browser leaves pinching to us.
 */
import { type PointerEvent, useRef } from 'react';

interface Pinch {
  startDistance: number;
  startZoom: number;
}

const distanceBetween = (points: { x: number; y: number }[]) => {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

export function usePinchZoom(zoom: number, onZoomTo: (zoom: number) => void) {
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<Pinch | null>(null);

  const release = (event: PointerEvent<HTMLElement>) => {
    touches.current.delete(event.pointerId);
    if (touches.current.size < 2) pinch.current = null;
  };

  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'touch') return;
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.current.size === 2) {
        pinch.current = { startDistance: distanceBetween([...touches.current.values()]), startZoom: zoom };
      }
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!touches.current.has(event.pointerId)) return;
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const current = pinch.current;
      if (!current || current.startDistance === 0) return;
      onZoomTo((current.startZoom * distanceBetween([...touches.current.values()])) / current.startDistance);
    },
    onPointerUp: release,
    onPointerCancel: release,
  };
}
