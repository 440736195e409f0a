import { describe, expect, it } from 'vitest';
import { isUsableRegion, moveRegion, nudgeRegion, regionFromPoints, resizeRegion } from './regionGeometry.ts';

const box = { x: 0.2, y: 0.3, w: 0.2, h: 0.1 };
const close = (actual: Record<string, number>, expected: Record<string, number>) => {
  for (const [key, value] of Object.entries(expected)) expect(actual[key]).toBeCloseTo(value, 9);
};

describe('region geometry', () => {
  it('draws the same box whichever way the pointer is dragged, clipped to the page', () => {
    close(regionFromPoints({ x: 0.6, y: 0.5 }, { x: 0.2, y: 0.3 }), { x: 0.2, y: 0.3, w: 0.4, h: 0.2 });
    close(regionFromPoints({ x: 0.9, y: 0.9 }, { x: 1.4, y: 1.2 }), { x: 0.9, y: 0.9, w: 0.1, h: 0.1 });
    expect(isUsableRegion(regionFromPoints({ x: 0.5, y: 0.5 }, { x: 0.501, y: 0.6 }))).toBe(false);
  });

  it('keeps a box of up to a quarter of the page, as the server does, and no larger', () => {
    expect(isUsableRegion(regionFromPoints({ x: 0, y: 0 }, { x: 0.5, y: 0.5 }))).toBe(true);
    expect(isUsableRegion(regionFromPoints({ x: 0, y: 0 }, { x: 0.5, y: 0.51 }))).toBe(false);
    expect(isUsableRegion(regionFromPoints({ x: 0, y: 0 }, { x: 1, y: 1 }))).toBe(false);
  });

  it('moves a box no further than the page edge', () => {
    close(moveRegion(box, 0.9, -0.9), { x: 0.8, y: 0, w: 0.2, h: 0.1 });
  });

  it('resizes by the handle held, flipping past the opposite edge', () => {
    close(resizeRegion(box, 'se', { x: 0.5, y: 0.5 }), { x: 0.2, y: 0.3, w: 0.3, h: 0.2 });
    close(resizeRegion(box, 'w', { x: 0.5, y: 0.9 }), { x: 0.4, y: 0.3, w: 0.1, h: 0.1 });
  });

  it('nudges by small steps, larger with Shift, and resizes with Alt; other keys do nothing', () => {
    close(nudgeRegion(box, 'ArrowRight', { shiftKey: false, altKey: false }) ?? {}, { x: 0.202, y: 0.3 });
    close(nudgeRegion(box, 'ArrowUp', { shiftKey: true, altKey: false }) ?? {}, { x: 0.2, y: 0.28 });
    close(nudgeRegion(box, 'ArrowDown', { shiftKey: false, altKey: true }) ?? {}, { h: 0.102, w: 0.2 });
    expect(nudgeRegion(box, 'a', { shiftKey: false, altKey: false })).toBeUndefined();
  });
});
