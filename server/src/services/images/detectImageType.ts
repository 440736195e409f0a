/**
 * The real type of an upload, from its first bytes. File names and declared MIME types are
 * the uploader's claims and are never consulted.
 */

export type DetectedImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic';

/** ISO-BMFF brands of HEIC/HEIF stills and sequences (HEVC-coded or generic HEIF). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
/** AVIF also lists mif1/msf1 as compatible brands, but heic-convert cannot decode AV1. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  end <= bytes.length ? String.fromCharCode(...bytes.subarray(start, end)) : '';

export function detectImageType(bytes: Uint8Array): DetectedImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const gifHeader = ascii(bytes, 0, 6);
  if (gifHeader === 'GIF87a' || gifHeader === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isHeif(bytes)) return 'heic';
  return undefined;
}

/** An `ftyp` box first, whose major brand (or, failing that, a compatible brand) is HEIF. */
function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const major = ascii(bytes, 8, 12);
  if (HEIF_BRANDS.has(major) && major !== 'mif1' && major !== 'msf1') return true;
  const brands = [major];
  // Compatible brands follow the major brand and minor version, up to the end of the box.
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    brands.push(ascii(bytes, offset, offset + 4));
  }
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return false;
  return brands.some((brand) => HEIF_BRANDS.has(brand));
}
