/**
 * Which display copy of the scan the entry page shows, chosen before the page has laid out (the
 * route preloads it while the page's code downloads; both call entryDisplayUrl, so they name the
 * same URL). The viewer shows the picture at the remembered zoom (150 % at first) of its frame,
 * and useFullResolution fetches the original once the copy would be stretched more than
 * MAX_STRETCH: the copy is the smallest that this frame cannot stretch that far, so a phone never
 * downloads a copy and then the original at once. The frame is at most the screen's width less
 * the page's side padding on a phone.
 */
import { type DisplayWidth, displayWidthFor } from '@formscribe/common/displayCopies';
import { displayUrlOf } from '../../api/images.ts';
import { readStoredZoom } from './imageViewerControls.ts';

/** How far the copy may be stretched on screen before the original is worth its download. */
export const MAX_STRETCH = 1.25;

/** EntryShell's side padding on a phone (1rem each side): the viewer's frame is narrower still. */
const PHONE_PAGE_GUTTER_PX = 32;

export function displayWidthForViewer(screen: {
  cssWidth: number;
  devicePixelRatio: number;
  zoom: number;
}): DisplayWidth {
  const frameWidth = Math.max(0, screen.cssWidth - PHONE_PAGE_GUTTER_PX);
  const pictureDevicePixels = frameWidth * (screen.zoom / 100) * screen.devicePixelRatio;
  return displayWidthFor(pictureDevicePixels / MAX_STRETCH);
}

export function entryDisplayUrl(publicUrl: string): string {
  const cssWidth = Math.min(window.innerWidth, window.screen.width || window.innerWidth);
  const width = displayWidthForViewer({
    cssWidth,
    devicePixelRatio: window.devicePixelRatio || 1,
    zoom: readStoredZoom(),
  });
  return displayUrlOf(publicUrl, width);
}
