/**
 * TIFFs for import tests. Ordinary ones (LZW, Deflate, CCITT G4, 16-bit, CMYK, several pages)
 * are made by sharp, as a scanner's software would write them; the ones no writer makes (10,000
 * pages, a page claiming more pixels than it has, a page whose data lies past the file's end) are
 * written or patched here byte by byte. All little-endian ('II').
 */
import sharp from 'sharp';

/** A flat page of one grey level, so tests can tell pages apart by a pixel. */
export const greyPage = (level: number, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: level, g: level, b: level } } })
    .png()
    .toBuffer();

/** A flat colour page. */
export const colourPage = (colour: { r: number; g: number; b: number }, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

export type TiffKind = 'lzw' | 'deflate' | 'g4' | '16-bit' | 'cmyk' | 'jpeg';

/** The pages (encoded images of one size) as one multi-page TIFF of the given kind. */
export function multiPageTiff(pages: readonly Buffer[], kind: TiffKind): Promise<Buffer> {
  const joined = sharp([...pages], { join: { animated: true } });
  switch (kind) {
    case 'lzw':
      return joined.tiff({ compression: 'lzw' }).toBuffer();
    case 'deflate':
      return joined.tiff({ compression: 'deflate' }).toBuffer();
    case 'jpeg':
      return joined.tiff({ compression: 'jpeg', quality: 95 }).toBuffer();
    case 'g4':
      return joined.toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1 }).toBuffer();
    case '16-bit':
      return joined.toColourspace('rgb16').tiff({ compression: 'deflate' }).toBuffer();
    case 'cmyk':
      return joined.toColourspace('cmyk').tiff({ compression: 'lzw' }).toBuffer();
  }
}

const TAG = { width: 256, height: 257, stripOffsets: 273 } as const;
const SHORT = 3;
const LONG = 4;

/** The offsets of every IFD in the chain, first page first. */
function ifdOffsets(tiff: Buffer): number[] {
  const offsets: number[] = [];
  for (
    let offset = tiff.readUInt32LE(4);
    offset !== 0;
    offset = tiff.readUInt32LE(offset + 2 + tiff.readUInt16LE(offset) * 12)
  ) {
    offsets.push(offset);
  }
  return offsets;
}

/** Sets an inline SHORT or LONG tag of a page's IFD to `value` (as a LONG). */
function patchTag(tiff: Buffer, page: number, tag: number, value: number): Buffer {
  const patched = Buffer.from(tiff);
  const ifd = ifdOffsets(patched)[page];
  if (ifd === undefined) throw new Error(`the TIFF has no page ${page}`);
  const count = patched.readUInt16LE(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (patched.readUInt16LE(entry) !== tag) continue;
    const type = patched.readUInt16LE(entry + 2);
    if ((type !== SHORT && type !== LONG) || patched.readUInt32LE(entry + 4) !== 1) {
      throw new Error(`tag ${tag} of page ${page} is not one inline number`);
    }
    patched.writeUInt16LE(LONG, entry + 2);
    patched.writeUInt32LE(value, entry + 8);
    return patched;
  }
  throw new Error(`page ${page} has no tag ${tag}`);
}

/** The TIFF with page `page` (from 0) claiming `width`×`height` pixels (its data unchanged). */
export const withPageSize = (tiff: Buffer, page: number, width: number, height: number) =>
  patchTag(patchTag(tiff, page, TAG.width, width), page, TAG.height, height);

/** The TIFF with page `page`'s only strip said to lie past the end of the file. */
export const withStripPastEnd = (tiff: Buffer, page: number) =>
  patchTag(tiff, page, TAG.stripOffsets, tiff.length + 1_000_000);

/**
 * A TIFF of `count` 1×1 uncompressed grey pages, page i's pixel being i % 256: what a file
 * claiming thousands of pages looks like, written directly (1 MB for 10,000 pages).
 */
export function tinyPagesTiff(count: number): Buffer {
  const entries: [tag: number, type: number, value: number][] = [
    [256, SHORT, 1], // ImageWidth
    [257, SHORT, 1], // ImageLength
    [258, SHORT, 8], // BitsPerSample
    [259, SHORT, 1], // Compression: none
    [262, SHORT, 1], // Photometric: BlackIsZero
    [273, LONG, 0], // StripOffsets (set per page)
    [277, SHORT, 1], // SamplesPerPixel
    [278, SHORT, 1], // RowsPerStrip
    [279, LONG, 1], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const pixelsAt = 8 + count * ifdSize;
  const tiff = Buffer.alloc(pixelsAt + Math.min(count, 256));
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  for (let page = 0; page < count; page++) {
    const ifd = 8 + page * ifdSize;
    tiff.writeUInt16LE(entries.length, ifd);
    entries.forEach(([tag, type, value], i) => {
      const entry = ifd + 2 + i * 12;
      tiff.writeUInt16LE(tag, entry);
      tiff.writeUInt16LE(type, entry + 2);
      tiff.writeUInt32LE(1, entry + 4);
      const stored = tag === 273 ? pixelsAt + (page % 256) : value;
      if (type === SHORT) tiff.writeUInt16LE(stored, entry + 8);
      else tiff.writeUInt32LE(stored, entry + 8);
    });
    tiff.writeUInt32LE(page + 1 < count ? ifd + ifdSize : 0, ifd + 2 + entries.length * 12);
  }
  for (let level = 0; level < Math.min(count, 256); level++) tiff[pixelsAt + level] = level;
  return tiff;
}
