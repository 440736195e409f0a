import { describe, expect, it } from 'vitest';
import { imageNeighbours } from './imageNavigation.ts';

describe('image neighbours', () => {
  const images = [{ id: 4 }, { id: 9 }, { id: 12 }];

  it('finds the previous and next image in upload order', () => {
    expect(imageNeighbours(images, 9)).toEqual({ position: 2, previousId: 4, nextId: 12 });
    expect(imageNeighbours(images, 4)).toEqual({ position: 1, previousId: null, nextId: 9 });
    expect(imageNeighbours(images, 12)).toEqual({ position: 3, previousId: 9, nextId: null });
  });

  it('has no neighbours for an image not in the list', () => {
    expect(imageNeighbours(images, 99)).toEqual({ position: null, previousId: null, nextId: null });
  });
});
