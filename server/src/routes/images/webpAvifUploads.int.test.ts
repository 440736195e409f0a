/**
 * WebP and AVIF uploads, through the browser's route and /api/v1: stored upright as JPEG (PNG
 * for a lossless WebP) with no EXIF or GPS, an animation's first frame, and damaged or lying
 * files refused with nothing stored. The files are made by sharp here, as phones and tools make them.
 */
import type { ImageResponse } from '@formscribe/common/schemas/form';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { createForm } from '../../test/factories.ts';
import { documentPhotoSvg, exifIfd0Tags, GPS_EXIF, GPS_IFD_POINTER_TAG } from '../../test/fixtures/imageFixtures.ts';
import {
  castForm,
  createImageCast,
  fetchStoredFile,
  fileForm,
  filesOnDisk,
  type ImageCast,
  uploadImage,
} from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

/** A photographed form page, 1200×800 as the sensor saw it, EXIF saying "turn 90° clockwise", with a GPS position. */
const turnedPhotoWithGps = () =>
  sharp(Buffer.from(documentPhotoSvg(1200, 800)))
    .withExif(GPS_EXIF)
    .withMetadata({ orientation: 6 });

const framesOf = (colours: string[]) =>
  Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 100, height: 60, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );

const fetchStored = (client: TestClient, url: string) => fetchStoredFile(server, client, url);

/** Uploads, expects 201, and gives the answer with the stored original and its metadata. */
async function uploadAndFetch(bytes: Buffer, filename: string) {
  const form = await castForm(cast);
  const res = await uploadImage(cast.ownerClient, form.id, bytes, filename);
  expect(res.status).toBe(201);
  const original = await fetchStored(cast.ownerClient, res.body.publicUrl);
  return { body: res.body, original, meta: await sharp(original.bytes).metadata() };
}

describe('WebP and AVIF uploads', () => {
  it('stores a WebP photo upright as JPEG, without its EXIF or GPS, with a 400 px thumbnail', async () => {
    const webp = await turnedPhotoWithGps().webp({ quality: 90 }).toBuffer();
    expect(exifIfd0Tags((await sharp(webp).metadata()).exif)).toContain(GPS_IFD_POINTER_TAG);

    const { body, original, meta } = await uploadAndFetch(webp, 'IMG_0042.webp');
    expect(body).toMatchObject({ originalName: 'IMG_0042.webp', mimeType: 'image/jpeg', size: original.bytes.length });
    expect(body.filename).toMatch(/\.jpg$/);
    expect(original.response.headers.get('content-type')).toBe('image/jpeg');
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      'jpeg',
      800,
      1200,
      undefined,
      undefined,
    ]);
    expect(original.bytes.includes(Buffer.from('FixtureCam'))).toBe(false);

    const thumbnail = await sharp((await fetchStored(cast.ownerClient, body.thumbnailUrl)).bytes).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['jpeg', 400, 600]);
  });

  it('stores an AVIF photo upright as JPEG, without its EXIF or GPS', async () => {
    const avif = await turnedPhotoWithGps().avif({ quality: 60, effort: 0 }).toBuffer();
    expect(avif.includes(Buffer.from('FixtureCam'))).toBe(true);

    const { body, original, meta } = await uploadAndFetch(avif, 'scan.avif');
    expect(body.mimeType).toBe('image/jpeg');
    expect(original.response.headers.get('content-type')).toBe('image/jpeg');
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 800, 1200, undefined]);
    expect(original.bytes.includes(Buffer.from('FixtureCam'))).toBe(false);
  });

  it('keeps every pixel of a lossless WebP, stored as PNG', async () => {
    const webp = await sharp(Buffer.from(documentPhotoSvg(300, 200)))
      .webp({ lossless: true })
      .toBuffer();
    const { body, original, meta } = await uploadAndFetch(webp, 'page.webp');
    expect(body.mimeType).toBe('image/png');
    expect(original.response.headers.get('content-type')).toBe('image/png');
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 200]);
    const [stored, sent] = await Promise.all([sharp(original.bytes).raw().toBuffer(), sharp(webp).raw().toBuffer()]);
    expect(stored.equals(sent)).toBe(true);
  });

  it("lays a lossy WebP's transparency on white, and keeps a lossless one's", async () => {
    const clear = { width: 80, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } as const;
    const lossy = await sharp({ create: clear }).webp({ quality: 80 }).toBuffer();
    const onWhite = await uploadAndFetch(lossy, 'cut-out.webp');
    expect(onWhite.meta.format).toBe('jpeg');
    const { dominant } = await sharp(onWhite.original.bytes).stats();
    expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(240);

    const lossless = await sharp({ create: clear }).webp({ lossless: true }).toBuffer();
    const kept = await uploadAndFetch(lossless, 'cut-out-lossless.webp');
    expect([kept.meta.format, kept.meta.hasAlpha]).toEqual(['png', true]);
  });

  it('stores the first frame of an animated WebP', async () => {
    const animated = await sharp(await framesOf(['#ff0000', '#00ff00', '#0000ff']), { join: { animated: true } })
      .webp({ loop: 0, delay: [500, 500, 500] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);

    const { meta, original } = await uploadAndFetch(animated, 'sticker.webp');
    expect([meta.format, meta.width, meta.height, meta.pages]).toEqual(['jpeg', 100, 60, undefined]);
    const { dominant } = await sharp(original.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g + dominant.b).toBeLessThan(60);
  });

  it('uploads an AVIF through /api/v1 and serves its file as JPEG', async () => {
    const owner = await professionalOwner(server);
    const form = await createForm(owner.user, { name: 'Scripted uploads' });
    const writer = tokenClient(server, await createToken(owner, 'read_write'));
    const avif = await sharp(Buffer.from(documentPhotoSvg(400, 300)))
      .avif({ effort: 0 })
      .toBuffer();

    const uploaded = await writer.post<ImageResponse>(`/api/v1/forms/${form.id}/images`, fileForm(avif, 'p.avif'));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ originalName: 'p.avif', mimeType: 'image/jpeg' });
    const file = await writer.get(`/api/v1/images/${uploaded.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  });

  describe('refuses a damaged or lying file with a clear message, storing nothing', () => {
    const webp = () => turnedPhotoWithGps().webp().toBuffer();
    const avif = () =>
      sharp(Buffer.from(documentPhotoSvg(600, 400)))
        .avif({ effort: 0 })
        .toBuffer();
    /** A lossy WebP whose frame header claims 16000×16000 (14-bit sizes after the VP8 start code): 256 megapixels. */
    const webpClaimingTooManyPixels = async () => {
      const bytes = Buffer.from(
        await sharp(Buffer.from(documentPhotoSvg(60, 40)))
          .webp()
          .toBuffer(),
      );
      expect(bytes.subarray(12, 16).toString('latin1')).toBe('VP8 ');
      bytes.writeUInt16LE(16_000, 26);
      bytes.writeUInt16LE(16_000, 28);
      return bytes;
    };
    /** An AVIF whose `ispe` box claims 8000×8000: under the general cap, over what AV1 decoding may hold. */
    const avifClaimingTooManyPixelsToDecode = async () => {
      const bytes = Buffer.from(await avif());
      const ispe = bytes.indexOf('ispe');
      bytes.writeUInt32BE(8_000, ispe + 8);
      bytes.writeUInt32BE(8_000, ispe + 12);
      return bytes;
    };
    const riffHeaderThenText = async () =>
      Buffer.concat([Buffer.from('RIFF\x40\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.from('not image data'.repeat(8))]);
    it.each([
      ['a truncated WebP', async () => (await webp()).subarray(0, 2_000), 400, 'damaged or incomplete'],
      ['a truncated AVIF', async () => (await avif()).subarray(0, 400), 400, 'damaged or incomplete'],
      ['a WebP header over text', riffHeaderThenText, 400, 'damaged or incomplete'],
      ['a WebP claiming 256 megapixels', webpClaimingTooManyPixels, 400, '100 megapixels'],
      [
        'an AVIF claiming 64 megapixels',
        avifClaimingTooManyPixelsToDecode,
        400,
        'megapixels are accepted for AVIF images',
      ],
      // A TIFF is an import now (formImports.int.test.ts); a BMP is still no image we take.
      ['a BMP', async () => Buffer.from('BM6\u0000\u0000\u0000\u0000\u0000\u0000\u0000'), 415, 'WebP or AVIF'],
    ])('%s', async (_, bytes, status, message) => {
      const form = await castForm(cast);
      const before = await filesOnDisk(server);
      const res = await uploadImage(cast.ownerClient, form.id, await bytes(), 'upload.webp');
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ message: expect.stringContaining(message) });
      expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
      expect(await filesOnDisk(server)).toEqual(before);
    });
  });
});
