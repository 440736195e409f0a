// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  INITIAL_ZOOM,
  isSideways,
  readStoredZoom,
  rotate,
  storeZoom,
  ZOOM_STORAGE_KEY,
} from './imageViewerControls.ts';

describe('zoom', () => {
  it('stays between 50 and 300 percent', () => {
    expect(clampZoom(25)).toBe(50);
    expect(clampZoom(325)).toBe(300);
    expect(clampZoom(175)).toBe(175);
    expect(clampZoom(Number.NaN)).toBe(INITIAL_ZOOM);
  });

  it('opens at 150 percent and then at the zoom last used', () => {
    expect(readStoredZoom()).toBe(150);
    storeZoom(225);
    expect(readStoredZoom()).toBe(225);
    window.localStorage.setItem(ZOOM_STORAGE_KEY, 'nonsense');
    expect(readStoredZoom()).toBe(150);
    window.localStorage.setItem(ZOOM_STORAGE_KEY, '9000');
    expect(readStoredZoom()).toBe(300);
  });
});

describe('rotation', () => {
  it('turns in quarter turns and wraps around', () => {
    expect(rotate(0, 'right')).toBe(90);
    expect(rotate(270, 'right')).toBe(0);
    expect(rotate(0, 'left')).toBe(270);
    expect(isSideways(90)).toBe(true);
    expect(isSideways(270)).toBe(true);
    expect(isSideways(180)).toBe(false);
  });
});
