/**
 * The entry viewer's zoom and rotation (spec section 9): zoom opens at 150 % and moves in 25 %
 * steps between 50 % and 300 %; the last zoom is remembered in local storage. Rotation turns in
 * quarter turns and is kept as 0, 90, 180 or 270.
 */
import { readStorage, writeStorage } from '../../stores/browserStorage.ts';

export const INITIAL_ZOOM = 150;
export const MIN_ZOOM = 50;
export const MAX_ZOOM = 300;
export const ZOOM_STEP = 25;
export const ZOOM_STORAGE_KEY = 'entryImageZoom';

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return INITIAL_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom)));
}

export function readStoredZoom(): number {
  const stored = readStorage(ZOOM_STORAGE_KEY);
  return stored === null ? INITIAL_ZOOM : clampZoom(Number(stored));
}

export function storeZoom(zoom: number): void {
  writeStorage(ZOOM_STORAGE_KEY, String(zoom));
}

export type RotationDirection = 'left' | 'right';

export function normaliseRotation(degrees: number): number {
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

export function rotate(current: number, direction: RotationDirection): number {
  return normaliseRotation(current + (direction === 'right' ? 90 : -90));
}

/** A quarter turn either way shows the image on its side, which swaps its width and height. */
export function isSideways(rotation: number): boolean {
  return normaliseRotation(rotation) % 180 === 90;
}
