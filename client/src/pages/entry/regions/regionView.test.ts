import { describe, expect, it } from 'vitest';
import { regionFrame, rotatedRegion, shiftedRegion } from './regionView.ts';

const box = { x: 0.1, y: 0.2, w: 0.4, h: 0.1 };

describe('the viewer following a field region', () => {
  it('moves the box by the image shift, never off the page', () => {
    expect(shiftedRegion(box, { dx: 0.05, dy: -0.05 })).toEqual({
      x: 0.15000000000000002,
      y: 0.15000000000000002,
      w: 0.4,
      h: 0.1,
    });
    expect(shiftedRegion(box, { dx: 0.9, dy: -0.9 })).toEqual({ x: 0.6, y: 0, w: 0.4, h: 0.1 });
    expect(shiftedRegion(box, null)).toBe(box);
  });

  it('turns the box with the image', () => {
    const quarter = rotatedRegion(box, 90);
    expect(quarter.x).toBeCloseTo(0.7);
    expect(quarter).toMatchObject({ y: 0.1, w: 0.1, h: 0.4 });
    expect(rotatedRegion(rotatedRegion(box, 90), 270)).toEqual(expect.objectContaining({ w: 0.4, h: 0.1 }));
    const half = rotatedRegion(box, 180);
    expect(half.x).toBeCloseTo(0.5);
    expect(half.y).toBeCloseTo(0.7);
  });

  it('zooms so the box fills most of the viewer and centres it', () => {
    // A 600 × 400 viewer, a page as tall as 1.3 times its width.
    const frame = regionFrame(box, { width: 600, height: 400 }, 1.3, { min: 50, max: 300 });
    expect(frame.zoom).toBe(213); // 85 % of the width over a box 0.4 wide
    const imageWidth = 6 * frame.zoom;
    expect(frame.scrollLeft).toBeCloseTo(0.3 * imageWidth - 300);
    expect(frame.scrollTop).toBeCloseTo(0.25 * imageWidth * 1.3 - 200);
    // A tiny box stops at the viewer's largest zoom.
    expect(
      regionFrame({ x: 0.5, y: 0.5, w: 0.01, h: 0.01 }, { width: 600, height: 400 }, 1.3, { min: 50, max: 300 }).zoom,
    ).toBe(300);
  });
});
