/**
 * Which display copy (displayCopies.ts) the entry page's viewer shows, written once for both
 * sides: the client shows it, and the server names it in the entry page's HTML so that the scan,
 * the page's largest element, downloads alongside the page's scripts instead of after them
 * (server/src/pageReadHints.ts). Both sides must name the very same URL or a phone would download
 * the scan twice, so the choice is a CSS media query per width: the server puts them on its
 * preload links (the browser fetches the one that matches) and the client asks `matchMedia` the
 * same queries.
 *
 * The rule: the viewer shows the picture at the remembered zoom (150 % at first) of its frame, the
 * screen's width less the page's side padding, and fetches the original once the copy would be
 * stretched more than MAX_STRETCH; the copy is the smallest this frame cannot stretch that far.
 * That is a product of width and pixel ratio, which a media query cannot say, so the queries
 * split the pixel ratio into steps of a quarter and use each step's highest ratio: a screen inside
 * a step may get the larger copy a little early, never a copy stretched too far.
 */
import { imagesApi } from './api/images.ts';
import { urlOf } from './api/routeContract.ts';
import { DISPLAY_WIDTHS, type DisplayWidth } from './displayCopies.ts';

export const INITIAL_ZOOM = 150;
export const MIN_ZOOM = 50;
export const MAX_ZOOM = 300;

/**
 * The remembered zoom is kept in the browser's storage and, for the server's choice of copy, in
 * this cookie (a display setting the client writes; nothing is trusted from it but a number).
 */
export const ZOOM_COOKIE = 'entryImageZoom';

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return INITIAL_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom)));
}

/** The zoom a cookie's text says, or the opening zoom. */
export function zoomFromCookie(text: string | undefined): number {
  return text === undefined || text === '' ? INITIAL_ZOOM : clampZoom(Number(text));
}

/** How far the copy may be stretched on screen before the original is worth its download. */
export const MAX_STRETCH = 1.25;

/** EntryShell's side padding on a phone (1rem each side): the viewer's frame is narrower still. */
export const PHONE_PAGE_GUTTER_PX = 32;

/** The upper ends of the pixel-ratio steps; a screen above the last gets the largest copy. */
const RATIO_STEPS = Array.from({ length: 13 }, (_, step) => 1 + step / 4);

const [SMALLEST_WIDTH] = DISPLAY_WIDTHS;

/** The widest screen, in CSS px, on which the smallest copy covers the frame at `ratio` and `zoom`. */
function widestScreenForSmallest(ratio: number, zoom: number): number {
  return Math.floor(PHONE_PAGE_GUTTER_PX + (SMALLEST_WIDTH * MAX_STRETCH) / ((zoom / 100) * ratio));
}

/** One media query per display width; exactly one matches any screen. */
export function displayCopyMediaQueries(zoom: number): Record<DisplayWidth, string> {
  const small: string[] = [];
  const large: string[] = [];
  RATIO_STEPS.forEach((ratio, step) => {
    const lower = step === 0 ? '' : `${RATIO_STEPS[step - 1]}dppx < `;
    const ratios = `(${lower}resolution <= ${ratio}dppx)`;
    const widest = widestScreenForSmallest(ratio, clampZoom(zoom));
    small.push(`${ratios} and (width <= ${widest}px)`);
    large.push(`${ratios} and (width > ${widest}px)`);
  });
  large.push(`(resolution > ${RATIO_STEPS.at(-1)}dppx)`);
  return { 800: small.join(', '), 1600: large.join(', ') };
}

/**
 * The display copy of an image given its `publicUrl` (the original): GET /api/display-proxy/{name}?w=,
 * at most `width` px wide and 1600 px tall, under the original's access rule.
 */
export function displayCopyUrl(publicUrl: string, width: DisplayWidth): string {
  const filename = decodeURIComponent(publicUrl.slice(publicUrl.lastIndexOf('/') + 1));
  return urlOf(imagesApi.displayCopy.path, { filename }, { w: width });
}
