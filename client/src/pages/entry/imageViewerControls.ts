/**
 * The entry viewer's zoom and rotation (spec section 9): zoom opens at 150 % and moves in 25 %
 * steps between 50 % and 300 %; the last zoom is remembered in local storage, and in a cookie for
 * the server, which names the display copy that zoom needs in the entry page's HTML
 * (common/src/entryDisplayCopies.ts). Rotation turns in quarter turns and is kept as 0, 90, 180 or 270.
 */
import {
  clampZoom,
  INITIAL_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  ZOOM_COOKIE,
  zoomFromCookie,
} from '@formscribe/common/entryDisplayCopies';
import { readStorage, writeStorage } from '../../stores/browserStorage.ts';

export { clampZoom, INITIAL_ZOOM, MAX_ZOOM, MIN_ZOOM };
export const ZOOM_STEP = 25;
export const ZOOM_STORAGE_KEY = 'entryImageZoom';

const A_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** The zoom the server last heard of, from the cookie it reads. */
function zoomInCookie(): number {
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${ZOOM_COOKIE}=`));
  return zoomFromCookie(entry?.slice(ZOOM_COOKIE.length + 1));
}

function writeZoomCookie(zoom: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain display setting; the Cookie Store API is not in every browser we support.
  document.cookie = `${ZOOM_COOKIE}=${zoom}; Path=/; Max-Age=${A_YEAR_IN_SECONDS}; SameSite=Lax${secure}`;
}

/** The remembered zoom; the cookie is brought in line when storage remembers another (a zoom set before the cookie). */
export function readStoredZoom(): number {
  const stored = readStorage(ZOOM_STORAGE_KEY);
  const zoom = stored === null ? INITIAL_ZOOM : clampZoom(Number(stored));
  if (zoomInCookie() !== zoom) writeZoomCookie(zoom);
  return zoom;
}

export function storeZoom(zoom: number): void {
  writeStorage(ZOOM_STORAGE_KEY, String(zoom));
  writeZoomCookie(zoom);
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
