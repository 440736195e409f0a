import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentPhotoSvg, GPS_EXIF } from '../../test/fixtures/imageFixtures.ts';
import { stripJpegMetadata, stripJpegMetadataInPlace } from './jpegMetadataStripper.ts';

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_NAMESPACE = Buffer.from('http://ns.adobe.com/xap/1.0/', 'latin1');
const DQT = Buffer.from([0xff, 0xdb]);

/** One marker segment: FF, code, a length that counts itself, the payload. */
function segment(code: number, payload: string | Buffer): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload;
  const header = Buffer.from([0xff, code, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** Puts segments right after SOI, where cameras and editors write their metadata. */
const afterSoi = (jpeg: Buffer, ...segments: Buffer[]) =>
  Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);

const page = (width = 320, height = 240) => sharp(Buffer.from(documentPhotoSvg(width, height)));

/** Decoded pixels without any orientation or colour handling: the stripped file must match exactly. */
const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();

/** The stripped file, checked to come out the same from the in-place variant the uploads use. */
function stripped(jpeg: Buffer): Buffer {
  const result = stripJpegMetadata(jpeg);
  if (!result) throw new Error('expected the JPEG to be accepted');
  const before = Buffer.from(jpeg);
  expect(stripJpegMetadataInPlace(Buffer.from(jpeg))?.equals(result)).toBe(true);
  expect(jpeg.equals(before)).toBe(true); // the pure variant leaves its input alone
  return result;
}

describe('stripJpegMetadata', () => {
  it('removes EXIF (with GPS) and XMP, leaving identical pixels and image data', async () => {
    const input = await page()
      .withExif({ ...GPS_EXIF, IFD0: { ...GPS_EXIF.IFD0, Software: 'ScanApp 2', Artist: 'A. Archivist' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .jpeg({ quality: 92 })
      .toBuffer();
    const inputMeta = await sharp(input).metadata();
    expect([inputMeta.exif, inputMeta.xmp]).not.toContain(undefined);
    expect(input.includes(XMP_NAMESPACE)).toBe(true);

    const output = stripped(input);
    const meta = await sharp(output).metadata();
    expect([meta.exif, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined]);
    expect([meta.width, meta.height]).toEqual([320, 240]);
    for (const secret of [EXIF_HEADER, XMP_NAMESPACE, Buffer.from('FixtureCam'), Buffer.from('A. Archivist')]) {
      expect(output.includes(secret)).toBe(false);
    }
    expect((await pixels(output)).equals(await pixels(input))).toBe(true);
    // From the first quantisation table to EOI, nothing was touched.
    expect(output.subarray(output.indexOf(DQT)).equals(input.subarray(input.indexOf(DQT)))).toBe(true);
    expect(output.length).toBeLessThan(input.length);
  });

  it('drops comments, IPTC/Photoshop, non-ICC APP2, JFXX thumbnails and other APPn segments', async () => {
    const plain = afterSoi(await page().jpeg().toBuffer(), segment(0xe0, 'JFIF\0\x01\x02\0\0\x01\0\x01\0\0'));
    const input = afterSoi(
      plain,
      segment(0xe0, 'JFXX\0\x10 thumbnail of 12 Station Road'),
      segment(0xfe, 'shot at 12 Station Road'),
      segment(0xed, 'Photoshop 3.0\0 8BIM caption: 12 Station Road'),
      segment(0xe2, 'MPF\0 12 Station Road'),
      segment(0xeb, 'JP JUMBF 12 Station Road'),
    );
    const output = stripped(input);
    expect(output.includes(Buffer.from('12 Station Road'))).toBe(false);
    expect(output.equals(plain)).toBe(true);
  });

  it('keeps the ICC profile, so colours do not shift', async () => {
    const input = await page().withIccProfile('p3').withExif(GPS_EXIF).jpeg().toBuffer();
    const output = stripped(input);
    const [before, after] = await Promise.all([sharp(input).metadata(), sharp(output).metadata()]);
    expect(before.icc).toBeDefined();
    expect(after.icc?.equals(before.icc ?? Buffer.alloc(0))).toBe(true);
    expect(after.exif).toBeUndefined();
    expect((await pixels(output)).equals(await pixels(input))).toBe(true);
  });

  it("keeps Adobe's APP14, whose colour transform decides how CMYK scans decode", async () => {
    const input = await page().toColourspace('cmyk').withExif(GPS_EXIF).jpeg().toBuffer();
    const adobe = input.indexOf('Adobe');
    expect(adobe).toBeGreaterThan(0);
    const output = stripped(input);
    expect(output.includes(input.subarray(adobe - 4, adobe - 2 + input.readUInt16BE(adobe - 2)))).toBe(true);
    expect((await sharp(output).metadata()).space).toBe('cmyk');
    expect((await pixels(output)).equals(await pixels(input))).toBe(true);
  });

  it('walks every scan of a progressive JPEG, dropping metadata between scans', async () => {
    const progressive = await page().withExif(GPS_EXIF).jpeg({ progressive: true }).toBuffer();
    const eoi = progressive.length - 2;
    const input = Buffer.concat([
      progressive.subarray(0, eoi),
      segment(0xfe, 'late comment'),
      progressive.subarray(eoi),
    ]);
    const output = stripped(input);
    expect(output.includes(Buffer.from('late comment'))).toBe(false);
    expect(output.includes(EXIF_HEADER)).toBe(false);
    expect((await pixels(output)).equals(await pixels(progressive))).toBe(true);
  });

  it('copies entropy data with stuffed bytes and restart markers as is, and nothing after EOI', () => {
    const scanData = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd1, 0x78, 0xff, 0xff]);
    const frame = [segment(0xdb, Buffer.alloc(65)), segment(0xc0, Buffer.alloc(9)), segment(0xdd, Buffer.alloc(2))];
    const sos = segment(0xda, Buffer.alloc(8));
    const soi = Buffer.from([0xff, 0xd8]);
    const eoi = Buffer.from([0xff, 0xd9]);
    const input = Buffer.concat([
      soi,
      segment(0xe1, 'Exif\0\0 ...'),
      ...frame,
      sos,
      scanData,
      eoi,
      Buffer.from('trailer: secondary image, GPS'),
    ]);
    expect(stripJpegMetadata(input)).toEqual(Buffer.concat([soi, ...frame, sos, scanData, eoi]));
  });

  it('refuses files that are not complete JPEGs', async () => {
    const jpeg = await page(800, 600).jpeg().toBuffer();
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const overrun = Buffer.from(jpeg);
    overrun.writeUInt16BE(0xffff, sof + 2);
    const cases = {
      truncated: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'cut before EOI': jpeg.subarray(0, jpeg.length - 1),
      'no scan': Buffer.concat([jpeg.subarray(0, sof), Buffer.from([0xff, 0xd9])]),
      'segment past the end': overrun,
      'stray bytes between segments': Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0x00]), jpeg.subarray(2)]),
      'not a JPEG': Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
      empty: Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      expect(stripJpegMetadata(bytes), name).toBeUndefined();
      const copy = Buffer.from(bytes);
      expect(stripJpegMetadataInPlace(copy), name).toBeUndefined();
      expect(copy.equals(bytes), name).toBe(true); // a refused upload is left as it came
    }
  });
});
