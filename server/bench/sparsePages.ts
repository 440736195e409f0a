/**
 * A generated 100-megapixel page of sparse printed text, as PNG: the shape of issue 24's attack
 * on machine reading (a 10,000 × 10,000 scan, mostly white, that compresses to a small file and
 * decodes to 100 million pixels). A few lines of large type sit in each quarter of the page, so
 * every box drawn on it holds text to read. Drawn with sharp: the text as small SVG tiles, the page
 * a flat colour libvips composes them onto row by row, so making it holds little memory.
 */
import sharp, { type OverlayOptions } from 'sharp';

export const SPARSE_PAGE_SIDE = 10_000;

const WORDS = ['Miller', 'Hughes', 'Turner', 'Cooper', 'Baker', 'Brook'];

function lineTile(text: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="160">
<rect width="100%" height="100%" fill="#fff"/>
<text x="20" y="120" font-family="DejaVu Sans Mono" font-size="110">${text}</text></svg>`);
}

/** The page as a greyscale PNG (about 100 KB). */
export async function renderSparsePage(side = SPARSE_PAGE_SIDE): Promise<Buffer> {
  const tiles: OverlayOptions[] = [];
  for (const [quarter, [qx, qy]] of [
    [0, 0],
    [0.5, 0],
    [0, 0.5],
    [0.5, 0.5],
  ].entries()) {
    for (let line = 0; line < 3; line += 1) {
      tiles.push({
        input: lineTile(`${WORDS[(quarter + line) % WORDS.length]} ${quarter * 3 + line + 1}`),
        left: Math.round((qx ?? 0) * side + side * 0.1),
        top: Math.round((qy ?? 0) * side + side * (0.1 + line * 0.1)),
      });
    }
  }
  return sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
    .composite(tiles)
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** `count` boxes of the largest size allowed (a quarter of the page each), over the page's quarters. */
export function largestBoxes(count: number): Array<{ x: number; y: number; w: number; h: number }> {
  const corners = [
    [0, 0],
    [0.5, 0],
    [0, 0.5],
    [0.5, 0.5],
    [0.25, 0.25],
    [0.25, 0],
    [0, 0.25],
    [0.5, 0.25],
  ];
  return Array.from({ length: count }, (_, index) => {
    const [x = 0, y = 0] = corners[index % corners.length] ?? [];
    return { x, y, w: 0.5, h: 0.5 };
  });
}
