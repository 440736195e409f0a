/**
 * Which display copy of the scan the entry page shows, chosen before the page has laid out (the
 * server names it in the page's HTML, and the route preloads it while the page's code downloads;
 * all of them name the same URL). The rule and the media queries that carry it are in
 * common/src/entryDisplayCopies.ts: the copy is the smallest that the viewer's frame, at the
 * remembered zoom, cannot stretch past MAX_STRETCH (useFullResolution then fetches the original),
 * so a phone never downloads a copy and then the original at once.
 */
import { DISPLAY_WIDTHS, type DisplayWidth, displayWidthFor } from '@formscribe/common/displayCopies';
import {
  displayCopyMediaQueries,
  displayCopyUrl,
  MAX_STRETCH,
  PHONE_PAGE_GUTTER_PX,
} from '@formscribe/common/entryDisplayCopies';
import { readStoredZoom } from './imageViewerControls.ts';

/** The rule itself, for a screen the media queries say nothing of (a browser without range queries). */
export function displayWidthForViewer(screen: {
  cssWidth: number;
  devicePixelRatio: number;
  zoom: number;
}): DisplayWidth {
  const frameWidth = Math.max(0, screen.cssWidth - PHONE_PAGE_GUTTER_PX);
  const pictureDevicePixels = frameWidth * (screen.zoom / 100) * screen.devicePixelRatio;
  return displayWidthFor(pictureDevicePixels / MAX_STRETCH);
}

/** The width whose media query this screen matches, as the server's preload links chose. */
export function entryDisplayWidth(zoom: number): DisplayWidth {
  const queries = displayCopyMediaQueries(zoom);
  const matching = DISPLAY_WIDTHS.find((width) => window.matchMedia?.(queries[width]).matches);
  if (matching) return matching;
  const cssWidth = Math.min(window.innerWidth, window.screen.width || window.innerWidth);
  return displayWidthForViewer({ cssWidth, devicePixelRatio: window.devicePixelRatio || 1, zoom });
}

export function entryDisplayUrl(publicUrl: string): string {
  return displayCopyUrl(publicUrl, entryDisplayWidth(readStoredZoom()));
}
