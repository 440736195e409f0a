import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentPhotoSvg, GPS_EXIF } from '../../test/fixtures/imageFixtures.ts';
import { stripPngMetadata, stripPngMetadataInPlace } from './pngMetadataStripper.ts';

const SIGNATURE_LENGTH = 8;

/** One PNG chunk: length, type, data, CRC over type and data. */
function chunk(type: string, data: string | Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = SIGNATURE_LENGTH; at + 12 <= png.length; at += 12 + png.readUInt32BE(at)) {
    types.push(png.toString('latin1', at + 4, at + 8));
  }
  return types;
}

/** Puts chunks right after IHDR (signature 8 bytes, IHDR 25). */
const afterIhdr = (png: Buffer, ...chunks: Buffer[]) =>
  Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);

const page = () => sharp(Buffer.from(documentPhotoSvg(300, 200)));
const pixels = (png: Buffer) => sharp(png).raw().toBuffer();

/** The stripped file, checked to come out the same from the in-place variant the uploads use. */
function stripped(png: Buffer): Buffer {
  const result = stripPngMetadata(png);
  if (!result) throw new Error('expected the PNG to be accepted');
  const before = Buffer.from(png);
  expect(stripPngMetadataInPlace(Buffer.from(png))?.equals(result)).toBe(true);
  expect(png.equals(before)).toBe(true); // the pure variant leaves its input alone
  return result;
}

describe('stripPngMetadata', () => {
  it('removes text, EXIF and time chunks, leaving identical pixels and image data', async () => {
    const plain = await page().png().toBuffer();
    const withExif = await page().withExif(GPS_EXIF).png().toBuffer();
    expect(chunkTypes(withExif)).toContain('eXIf');
    const input = afterIhdr(
      withExif,
      chunk('tEXt', 'Comment\0scanned at 12 Station Road'),
      chunk('zTXt', Buffer.concat([Buffer.from('Author\0\0'), zlib.deflateSync('A. Archivist')])),
      chunk('iTXt', 'Description\0\0\0\0\x0a Station Road'),
      chunk('tIME', Buffer.from([0x07, 0xe8, 1, 2, 3, 4, 5])),
      chunk('prVt', 'private tool data'),
    );
    expect(await sharp(input).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });

    const output = stripped(input);
    expect(chunkTypes(output)).toEqual(chunkTypes(plain));
    expect((await sharp(output).metadata()).exif).toBeUndefined();
    for (const secret of ['Station Road', 'FixtureCam', 'tEXt', 'eXIf', 'Exif\0\0']) {
      expect(output.includes(Buffer.from(secret, 'latin1'))).toBe(false);
    }
    expect((await pixels(output)).equals(await pixels(input))).toBe(true);
    expect(output.equals(plain)).toBe(true); // what is left is byte for byte the image sharp wrote
  });

  it('keeps colour and transparency information: iCCP, palette, tRNS, gAMA, pHYs', async () => {
    const input = afterIhdr(
      await page().withIccProfile('p3').png({ palette: true }).toBuffer(),
      chunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
      chunk('pHYs', Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
      chunk('tEXt', 'Software\0editor'),
    );
    const output = stripped(input);
    const types = chunkTypes(output);
    for (const kept of ['IHDR', 'iCCP', 'gAMA', 'pHYs', 'PLTE', 'IDAT', 'IEND']) expect(types).toContain(kept);
    expect(types).not.toContain('tEXt');
    const [before, after] = await Promise.all([sharp(input).metadata(), sharp(output).metadata()]);
    expect(after.icc?.equals(before.icc ?? Buffer.alloc(0))).toBe(true);
    expect((await pixels(output)).equals(await pixels(input))).toBe(true);
  });

  it('drops anything after IEND', async () => {
    const png = await page().png().toBuffer();
    expect(stripped(Buffer.concat([png, Buffer.from('rest of the uncropped screenshot')]))).toEqual(png);
  });

  it('refuses files that are not complete PNGs', async () => {
    const png = await page().png().toBuffer();
    const overrun = Buffer.from(png);
    overrun.writeUInt32BE(0x7fff0000, 33); // the first chunk after IHDR claims far more than the file
    const cases = {
      truncated: png.subarray(0, Math.floor(png.length / 2)),
      'no IEND': png.subarray(0, png.length - 12),
      'IHDR not first': Buffer.concat([png.subarray(0, 8), png.subarray(33)]),
      'chunk past the end': overrun,
      'malformed chunk type': Buffer.concat([png.subarray(0, 33), chunk('t3Xt', 'x'), png.subarray(33)]),
      'not a PNG': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      empty: Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      expect(stripPngMetadata(bytes), name).toBeUndefined();
      const copy = Buffer.from(bytes);
      expect(stripPngMetadataInPlace(copy), name).toBeUndefined();
      expect(copy.equals(bytes), name).toBe(true); // a refused upload is left as it came
    }
  });
});
