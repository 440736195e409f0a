/**
 * A field's box turned onto the page as shown and back onto the stored file: machine reading cuts
 * the file where the entry page highlights the box (client regions/regionView.ts places it the same way).
 */
import { describe, expect, it } from 'vitest';
import { type QuarterTurn, turnedBox, unturnedBox } from './regionCrops.ts';

const drawn = { x: 0.1, y: 0.2, w: 0.25, h: 0.05 };

describe('turning a box with its page', () => {
  it('puts a box drawn on a file onto the page shown a quarter turn clockwise', () => {
    expect(turnedBox(drawn, 90)).toEqual({ x: 0.75, y: 0.1, w: 0.05, h: 0.25 });
    expect(turnedBox(drawn, 0)).toEqual(drawn);
  });

  it.each([0, 90, 180, 270] satisfies QuarterTurn[])('finds a box turned %i° back where it was on the file', (turn) => {
    const back = unturnedBox(turnedBox(drawn, turn), turn);
    for (const side of ['x', 'y', 'w', 'h'] as const) expect(back[side]).toBeCloseTo(drawn[side], 10);
  });
});
