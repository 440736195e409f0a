/**
 * Removes metadata from a JPEG without re-encoding it: the marker segments are walked and the
 * metadata ones dropped, everything else (tables, frame, scans and their entropy-coded data) is
 * copied byte for byte, so the pixels are exactly the uploader's. Segment layout: ITU-T T.81 B.1.
 */

import { joinInPlace } from './joinInPlace.ts';

const MARKER = 0xff;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const TEM = 0x01;
const RST0 = 0xd0;
const RST7 = 0xd7;

const JFIF = Buffer.from('JFIF\0', 'latin1');
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');
const ADOBE = Buffer.from('Adobe', 'latin1');

const isRestart = (code: number) => code >= RST0 && code <= RST7;

const payloadStartsWith = (jpeg: Uint8Array, start: number, end: number, prefix: Buffer) =>
  end - start >= prefix.length && prefix.equals(jpeg.subarray(start, start + prefix.length));

/**
 * APP1 (EXIF, XMP), APP3–APP13 and APP15 (IPTC/Photoshop, JUMBF...), other APP2 (MPF, FlashPix)
 * and COM hold metadata. Kept: APP0 only for JFIF (it tells decoders the scans are YCbCr; the
 * JFXX extension carries nothing but a thumbnail, which may show the picture before editing),
 * APP2 only for ICC profiles (colours must not shift) and APP14 only for Adobe's segment, whose
 * colour-transform flag decides how CMYK/YCCK/RGB scans decode (browsers also invert Adobe CMYK
 * by it), so dropping it would change pixels.
 */
function isKept(code: number, jpeg: Uint8Array, payloadStart: number, end: number): boolean {
  if (code === COM || code === APP1) return false;
  if (code === APP0) return payloadStartsWith(jpeg, payloadStart, end, JFIF);
  if (code === APP2) return payloadStartsWith(jpeg, payloadStart, end, ICC_PROFILE);
  if (code === APP14) return payloadStartsWith(jpeg, payloadStart, end, ADOBE);
  if (code >= APP0 && code <= APP15) return false;
  return true;
}

/**
 * Where the entropy-coded data that starts at `start` ends: at the next marker other than a
 * restart (data bytes 0xFF are stuffed as FF 00). Returns the index of the marker's last 0xFF,
 * so fill bytes stay with the copied data; undefined when the file ends first (truncated).
 */
function entropyDataEnd(jpeg: Uint8Array, start: number): number | undefined {
  let at = start;
  for (;;) {
    at = jpeg.indexOf(MARKER, at);
    if (at < 0) return undefined;
    let next = at + 1;
    while (jpeg[next] === MARKER) next++;
    const code = jpeg[next];
    if (code === undefined) return undefined;
    if (code !== 0 && !isRestart(code)) return next - 1;
    at = next + 1;
  }
}

/**
 * The JPEG without metadata segments, ending at its EOI (anything appended after it, such as
 * MPF secondary images or vendor trailers, is dropped too). Undefined when the file is not a
 * complete, well-formed JPEG: no SOI, a segment running past the end, stray bytes between
 * segments, no scan, or no EOI (a truncated upload).
 */
export function stripJpegMetadata(jpeg: Uint8Array): Buffer | undefined {
  const parts = keptParts(jpeg);
  return parts && Buffer.concat(parts);
}

/** `stripJpegMetadata` done inside `jpeg`, which it overwrites; `jpeg` is untouched when refused. */
export function stripJpegMetadataInPlace(jpeg: Buffer): Buffer | undefined {
  const parts = keptParts(jpeg);
  return parts && joinInPlace(jpeg, parts);
}

/** The pieces of `jpeg` that the stripped file is made of, in order (see `stripJpegMetadata`). */
function keptParts(jpeg: Uint8Array): Uint8Array[] | undefined {
  if (jpeg[0] !== MARKER || jpeg[1] !== SOI) return undefined;
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let sawScan = false;
  let at = 2;
  for (;;) {
    if (jpeg[at] !== MARKER) return undefined;
    while (jpeg[at + 1] === MARKER) at++; // fill bytes before a marker
    const code = jpeg[at + 1];
    if (code === undefined || code === 0 || code === SOI) return undefined;
    if (code === EOI) {
      if (!sawScan) return undefined;
      kept.push(jpeg.subarray(at, at + 2));
      return kept;
    }
    if (code === TEM || isRestart(code)) {
      // Markers without a length field; harmless outside a scan, so copied as they are.
      kept.push(jpeg.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const high = jpeg[at + 2];
    const low = jpeg[at + 3];
    if (high === undefined || low === undefined) return undefined;
    const length = (high << 8) | low; // counts itself, not the marker
    const end = at + 2 + length;
    if (length < 2 || end > jpeg.length) return undefined;
    if (isKept(code, jpeg, at + 4, end)) kept.push(jpeg.subarray(at, end));
    at = end;
    if (code === SOS) {
      const dataEnd = entropyDataEnd(jpeg, at);
      if (dataEnd === undefined) return undefined;
      kept.push(jpeg.subarray(at, dataEnd));
      sawScan = true;
      at = dataEnd;
    }
  }
}
