/**
 * Removes metadata from a PNG without re-encoding it: the chunks are walked and only image
 * data and colour information are copied. Each chunk carries its own CRC, so dropping whole
 * chunks leaves the rest valid. Layout: PNG specification, section 5.
 */

import { joinInPlace } from './joinInPlace.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Length, type and CRC around each chunk's data. */
const CHUNK_OVERHEAD = 12;
/** Chunk lengths above 2³¹−1 are invalid (PNG 5.3). */
const MAX_CHUNK_LENGTH = 0x7fffffff;

/**
 * Ancillary chunks that affect how the pixels look: transparency, colour spaces and profiles,
 * gamma, significant bits, background, pixel density. Every other ancillary chunk is dropped:
 * not only the known metadata (tEXt, zTXt, iTXt, eXIf, tIME) but also private and unknown ones,
 * which may carry anything (a whitelist fails safe), and APNG frames, which re-encoding never
 * kept either. Critical chunks (IHDR, PLTE, IDAT, IEND) are always kept.
 */
const KEPT_ANCILLARY = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'cICP',
  'mDCv',
  'cLLi',
]);

const isLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/**
 * The PNG without metadata chunks, ending at IEND (bytes appended after it, such as the rest of
 * a cropped screenshot, are dropped). Undefined when it is not a complete, well-formed PNG: bad
 * signature, IHDR not first, a chunk running past the end or with a malformed type, no IEND.
 */
export function stripPngMetadata(png: Uint8Array): Buffer | undefined {
  const parts = keptParts(png);
  return parts && Buffer.concat(parts);
}

/** `stripPngMetadata` done inside `png`, which it overwrites; `png` is untouched when refused. */
export function stripPngMetadataInPlace(png: Buffer): Buffer | undefined {
  const parts = keptParts(png);
  return parts && joinInPlace(png, parts);
}

/** The chunks of `png` that the stripped file is made of, in order (see `stripPngMetadata`). */
function keptParts(png: Uint8Array): Uint8Array[] | undefined {
  if (!SIGNATURE.equals(png.subarray(0, SIGNATURE.length))) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const kept: Uint8Array[] = [png.subarray(0, SIGNATURE.length)];
  let at = SIGNATURE.length;
  while (at + CHUNK_OVERHEAD <= png.length) {
    const length = view.getUint32(at);
    const end = at + CHUNK_OVERHEAD + length;
    if (length > MAX_CHUNK_LENGTH || end > png.length) return undefined;
    const typeBytes = png.subarray(at + 4, at + 8);
    if (!typeBytes.every(isLetter)) return undefined;
    const type = String.fromCharCode(...typeBytes);
    if (at === SIGNATURE.length && type !== 'IHDR') return undefined;
    // Bit 5 of the first type byte clear (an upper-case letter) marks a critical chunk.
    const critical = ((typeBytes[0] ?? 0) & 0x20) === 0;
    if (critical || KEPT_ANCILLARY.has(type)) kept.push(png.subarray(at, end));
    if (type === 'IEND') return kept;
    at = end;
  }
  return undefined;
}
