import { HEAT_STATES } from '@formscribe/common/insights';
import { describe, expect, it } from 'vitest';
import { cellMove, decodeStates, heatLayout, numberAt, withImageState } from './heatmapCells.ts';

describe('heatmap cells', () => {
  it('a live image changes only its own cell, and the same state keeps the array', () => {
    const states = decodeStates(btoa(String.fromCharCode(0, 0, 0)));
    const image = { entryCount: 1, isComplete: false, verifiedFieldCount: 0, totalFieldCount: 5 };
    const next = withImageState(states, 2, image, 2);
    expect([...next].map((s) => HEAT_STATES[s])).toEqual(['none', 'inProgress', 'none']);
    expect(withImageState(next, 2, image, 2)).toBe(next);
    expect(withImageState(next, 9, image, 2)).toBe(next);
  });

  it('100,000 images fit in small cells, and a click finds its image number', () => {
    const layout = heatLayout(100_000, 800);
    expect(layout.cell).toBe(3);
    expect(numberAt(0, 0, 100_000, layout)).toBe(1);
    expect(numberAt(layout.cell * 2 + 1, layout.cell + 1, 100_000, layout)).toBe(layout.columns + 3);
    expect(numberAt(1, layout.height + 10, 100_000, layout)).toBeUndefined();
  });

  it('the keyboard cursor moves by a cell or a row and stays on the images', () => {
    // 10 images in rows of 4: 1-4, 5-8, 9-10.
    expect(cellMove('ArrowRight', 4, 10, 4)).toBe(5);
    expect(cellMove('ArrowLeft', 1, 10, 4)).toBe(1);
    expect(cellMove('ArrowDown', 2, 10, 4)).toBe(6);
    expect(cellMove('ArrowDown', 8, 10, 4)).toBe(10);
    expect(cellMove('ArrowUp', 3, 10, 4)).toBe(1);
    expect(cellMove('End', 3, 10, 4)).toBe(10);
    expect(cellMove('Home', 7, 10, 4)).toBe(1);
    expect(cellMove('a', 7, 10, 4)).toBeUndefined();
  });
});
