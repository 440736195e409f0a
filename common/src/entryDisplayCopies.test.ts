import { describe, expect, it } from 'vitest';
import { DISPLAY_WIDTHS, type DisplayWidth } from './displayCopies.ts';
import {
  displayCopyMediaQueries,
  displayCopyUrl,
  MAX_STRETCH,
  PHONE_PAGE_GUTTER_PX,
  zoomFromCookie,
} from './entryDisplayCopies.ts';

/**
 * Whether a screen matches one of our queries, read as a browser reads the two features they use
 * (a real Chromium matches them in e2e/tests/entryImageResolution.spec.ts).
 */
function matches(query: string, screen: { width: number; ratio: number }): boolean {
  return query.split(', ').some((alternative) =>
    alternative.split(' and ').every((feature) => {
      const band = /^\((?:([\d.]+)dppx < )?resolution <= ([\d.]+)dppx\)$/.exec(feature);
      if (band) return (band[1] === undefined || screen.ratio > Number(band[1])) && screen.ratio <= Number(band[2]);
      const above = /^\(resolution > ([\d.]+)dppx\)$/.exec(feature);
      if (above) return screen.ratio > Number(above[1]);
      const width = /^\(width (<=|>) (\d+)px\)$/.exec(feature);
      if (width) return width[1] === '<=' ? screen.width <= Number(width[2]) : screen.width > Number(width[2]);
      throw new Error(`not one of our features: ${feature}`);
    }),
  );
}

function widthChosen(screen: { width: number; ratio: number }, zoom: number): DisplayWidth[] {
  const queries = displayCopyMediaQueries(zoom);
  return DISPLAY_WIDTHS.filter((width) => matches(queries[width], screen));
}

/** How far the copy is stretched on this screen at this zoom (1 = pixel for pixel). */
const stretch = (copy: DisplayWidth, screen: { width: number; ratio: number }, zoom: number) =>
  ((screen.width - PHONE_PAGE_GUTTER_PX) * (zoom / 100) * screen.ratio) / copy;

describe('the display copy the entry viewer shows, as media queries', () => {
  it('gives Lighthouse’s phone (412 px at 1.75) the 800 px copy and a desktop the 1600 px one', () => {
    expect(widthChosen({ width: 412, ratio: 1.75 }, 150)).toEqual([800]);
    expect(widthChosen({ width: 360, ratio: 2 }, 150)).toEqual([800]);
    expect(widthChosen({ width: 390, ratio: 3 }, 150)).toEqual([1600]);
    expect(widthChosen({ width: 1280, ratio: 1 }, 150)).toEqual([1600]);
    expect(widthChosen({ width: 1280, ratio: 1 }, 50)).toEqual([800]);
    expect(widthChosen({ width: 412, ratio: 1.75 }, 200)).toEqual([1600]);
  });

  it('matches exactly one copy on every screen, never the small one stretched past the limit', () => {
    for (const zoom of [50, 75, 150, 225, 300])
      for (let width = 200; width <= 2000; width += 7)
        for (const ratio of [0.75, 1, 1.1, 1.5, 1.75, 2, 2.2, 2.625, 3, 3.5, 4, 4.5]) {
          const chosen = widthChosen({ width, ratio }, zoom);
          expect(chosen).toHaveLength(1);
          if (chosen[0] === 800) expect(stretch(800, { width, ratio }, zoom)).toBeLessThanOrEqual(MAX_STRETCH);
        }
  });

  it('reads the zoom from its cookie, within the viewer’s limits', () => {
    expect(zoomFromCookie(undefined)).toBe(150);
    expect(zoomFromCookie('200')).toBe(200);
    expect(zoomFromCookie('9000')).toBe(300);
    expect(zoomFromCookie('wide')).toBe(150);
  });

  it('names the copy after the original’s stored name', () => {
    expect(displayCopyUrl('/api/image-proxy/1e54cc23-bf36-40fb-8b3b-a8657dce99b5.jpg', 800)).toBe(
      '/api/display-proxy/1e54cc23-bf36-40fb-8b3b-a8657dce99b5.jpg?w=800',
    );
  });
});
