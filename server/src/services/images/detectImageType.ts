/**
 * The real type of an upload, from its first bytes. File names and declared MIME types are
 * the uploader's claims and are never consulted.
 */

export type DetectedImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'avif';

/** ISO-BMFF brands of HEIC/HEIF stills and sequences (HEVC-coded or generic HEIF). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
/** AVIF also lists mif1/msf1 as compatible brands; it is AV1-coded, which sharp decodes and heic-convert cannot. */
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
  // HEIF by its major brand; else AVIF, or HEIF, by a compatible brand.
  const brands = ftypBrands(bytes);
  const [major = ''] = brands;
  if (HEIF_BRANDS.has(major) && major !== 'mif1' && major !== 'msf1') return 'heic';
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heic';
  return undefined;
}

/**
 * A WebP whose image data is VP8L (lossless) rather than VP8 (lossy). The chunks follow the
 * 12-byte RIFF header, each an id, a little-endian size and its data padded to an even length.
 */
export function isLosslessWebp(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, offset + 4);
    if (id === 'VP8L') return true;
    if (id === 'VP8 ' || id === 'ANMF') return false;
    const size = view.getUint32(offset + 4, true);
    offset += 8 + size + (size % 2);
  }
  return false;
}

/** The brands of an ISO-BMFF file's leading `ftyp` box, the major brand first; none when there is no such box. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const brands = [ascii(bytes, 8, 12)];
  // Compatible brands follow the major brand and minor version, up to the end of the box.
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    brands.push(ascii(bytes, offset, offset + 4));
  }
  return brands;
}
