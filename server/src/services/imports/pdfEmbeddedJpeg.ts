/**
 * A scanned page's JPEG exactly as the scanner wrote it: the bytes of its DCTDecode stream, read
 * from the file. Untouched bytes keep the scan's quality (no second lossy encoding) and cost no
 * encoding time. Only a plain image qualifies: JPEG alone as its filter, 8 bits, RGB or grey
 * (device or ICC), no decode array, mask or colour transform, and its header must agree with the
 * size pdf.js decoded. Anything else is null, and the page falls back to pdf.js's pixels.
 */
import type { FileHandle } from 'node:fs/promises';
import sharp from 'sharp';
import { readAt, readObjectOffsets } from './pdfCrossReference.ts';
import { isDict, isName, isRef, type PdfDict, PdfSyntaxReader, type PdfValue } from './pdfObjectSyntax.ts';

/** An image dictionary longer than this is not a plain scan. */
const DICT_WINDOW_BYTES = 16 * 1024;

const JPEG_START = Buffer.from([0xff, 0xd8]);
const JPEG_END = Buffer.from([0xff, 0xd9]);

interface ExpectedImage {
  /** pdf.js's name of the image's object: `12R`, or `12R3` for generation 3. */
  ref: string;
  width: number;
  height: number;
}

/** Device RGB or grey, or an ICC profile (checked below by the JPEG's own channels: 1 or 3, never CMYK). */
function colourSpaceIsPlain(value: PdfValue | undefined): boolean {
  if (isName(value, 'DeviceRGB') || isName(value, 'DeviceGray')) return true;
  return Array.isArray(value) && value.length === 2 && isName(value[0], 'ICCBased');
}

function isPlainJpegImage(dict: PdfDict, colourSpace: PdfValue | undefined, expected: ExpectedImage): boolean {
  const filter = dict.get('Filter');
  const onlyDct =
    isName(filter, 'DCTDecode') || (Array.isArray(filter) && filter.length === 1 && isName(filter[0], 'DCTDecode'));
  return (
    onlyDct &&
    isName(dict.get('Subtype'), 'Image') &&
    dict.get('Width') === expected.width &&
    dict.get('Height') === expected.height &&
    (dict.get('BitsPerComponent') ?? 8) === 8 &&
    colourSpaceIsPlain(colourSpace) &&
    !['Decode', 'DecodeParms', 'SMask', 'Mask', 'SMaskInData'].some((key) => dict.has(key)) &&
    dict.get('ImageMask') !== true
  );
}

/** Reads `num gen obj <dict> stream` at `offset`: the dictionary and where the data starts. */
async function streamHeader(file: FileHandle, offset: number, num: number, gen: number) {
  const bytes = await readAt(file, offset, DICT_WINDOW_BYTES);
  const reader = new PdfSyntaxReader(bytes);
  if (reader.keyword() !== String(num) || reader.keyword() !== String(gen) || reader.keyword() !== 'obj') return null;
  const dict = reader.value();
  if (!isDict(dict) || reader.keyword() !== 'stream') return null;
  let start = reader.position;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] === 0x0a) start += 1;
  return { dict, dataOffset: offset + start };
}

/** A value written in place, or (as /Length and /ColorSpace often are) in an object of its own. */
async function resolved(file: FileHandle, offsets: Map<number, number>, value: PdfValue | undefined) {
  if (!isRef(value)) return value;
  const offset = offsets.get(value.num);
  if (offset === undefined) return undefined;
  const reader = new PdfSyntaxReader(await readAt(file, offset, 1024));
  if (reader.keyword() !== String(value.num) || reader.keyword() !== String(value.gen) || reader.keyword() !== 'obj') {
    return undefined;
  }
  return reader.value();
}

/** Finds images' JPEG streams in one PDF file; the file's object offsets are read on first use. */
export class EmbeddedJpegReader {
  private offsets: Promise<Map<number, number>> | null = null;

  constructor(
    private readonly file: FileHandle,
    private readonly size: number,
  ) {}

  /** The image's JPEG bytes as stored, or null when the image is not a plain JPEG. */
  async read(expected: ExpectedImage): Promise<Buffer | null> {
    const match = /^(\d+)R(\d*)$/.exec(expected.ref);
    if (!match) return null;
    const [num, gen] = [Number(match[1]), Number(match[2] || 0)];
    this.offsets ??= readObjectOffsets(this.file, this.size);
    const offsets = await this.offsets;
    const offset = offsets.get(num);
    if (offset === undefined) return null;
    const header = await streamHeader(this.file, offset, num, gen);
    if (!header) return null;
    const colourSpace = await resolved(this.file, offsets, header.dict.get('ColorSpace'));
    if (!isPlainJpegImage(header.dict, colourSpace, expected)) return null;
    const length = await resolved(this.file, offsets, header.dict.get('Length'));
    if (typeof length !== 'number' || length < 4 || header.dataOffset + length > this.size) return null;
    const stream = await readAt(this.file, header.dataOffset, length);
    // Some writers leave a line end or padding after the JPEG's end marker, inside the stream.
    const end = stream.lastIndexOf(JPEG_END);
    const jpeg = stream.subarray(0, end + 2);
    return end >= 0 && stream.length - end <= 16 && (await isWholeJpeg(jpeg, expected)) ? jpeg : null;
  }
}

/**
 * The bytes are a JPEG of the expected size, RGB or grey, drawn as stored: PDF viewers ignore an
 * EXIF orientation, the upload pipeline would not, so a JPEG with one is not passed through.
 */
async function isWholeJpeg(jpeg: Buffer, expected: ExpectedImage): Promise<boolean> {
  if (!jpeg.subarray(0, 2).equals(JPEG_START)) return false;
  try {
    const metadata = await sharp(jpeg).metadata();
    return (
      metadata.format === 'jpeg' &&
      metadata.width === expected.width &&
      metadata.height === expected.height &&
      (metadata.space === 'srgb' || metadata.space === 'b-w') &&
      (metadata.channels === 1 || metadata.channels === 3) &&
      (metadata.orientation ?? 1) === 1
    );
  } catch {
    return false;
  }
}
