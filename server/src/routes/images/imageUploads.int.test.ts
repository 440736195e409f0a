import zlib from 'node:zlib';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import {
  exifIfd0Tags,
  GPS_IFD_POINTER_TAG,
  makeJpeg,
  makePng,
  makeTruncatedJpeg,
  readHeicFixture,
  TEXT_BYTES,
} from '../../test/fixtures/imageFixtures.ts';
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

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

const fetchStored = (client: TestClient, url: string) => fetchStoredFile(server, client, url);

describe('POST /api/forms/:id/images', () => {
  it('stores a JPEG upright, without EXIF or GPS, with a 400 px thumbnail', async () => {
    const form = await castForm(cast, {
      fields: [
        { id: '1', type: 'text', label: 'Name', order: 0 },
        { id: '2', type: 'spacer', label: '', order: 1 },
        { id: '3', type: 'date', label: 'Born', order: 2 },
      ],
    });
    const jpeg = await makeJpeg({ width: 1200, height: 800, orientation: 6, gps: true });
    expect(exifIfd0Tags((await sharp(jpeg).metadata()).exif)).toContain(GPS_IFD_POINTER_TAG);

    const res = await uploadImage(cast.ownerClient, form.id, jpeg, 'IMG_2024 scan.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      formId: form.id,
      number: 1,
      originalName: 'IMG_2024 scan.jpg',
      mimeType: 'image/jpeg',
      rotation: 0,
      manuallyCompleted: false,
      isComplete: false,
      isVerified: false,
      progressPercent: 0,
      entryCount: 0,
      submissionCount: 0,
      verifiedFieldCount: 0,
      totalFieldCount: 2, // the spacer holds no data
      fieldVerificationStatus: {},
    });
    expect(res.body.publicUrl).toBe(`/api/image-proxy/${res.body.filename}`);
    expect(res.body.thumbnailUrl).toMatch(/^\/api\/thumbnail-proxy\/[0-9a-f-]{36}\.jpg$/);
    expect(res.body.filename).not.toContain('IMG');

    const original = await fetchStored(cast.ownerClient, res.body.publicUrl);
    expect(original.response.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1200]); // orientation 6 applied
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(original.bytes.includes(Buffer.from('FixtureCam'))).toBe(false);
    expect(res.body.size).toBe(original.bytes.length);

    const thumbnail = await fetchStored(cast.ownerClient, res.body.thumbnailUrl);
    const thumbMeta = await sharp(thumbnail.bytes).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['jpeg', 400, 600]);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('keeps a PNG as PNG and numbers images in upload order', async () => {
    const form = await castForm(cast);
    await uploadImage(cast.ownerClient, form.id, await makeJpeg());
    const res = await uploadImage(cast.ownerClient, form.id, await makePng(300, 200), 'page.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ number: 2, mimeType: 'image/png', originalName: 'page.png' });
    expect(res.body.filename).toMatch(/\.png$/);
    const meta = await sharp((await fetchStored(cast.ownerClient, res.body.publicUrl)).bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 200]);
  });

  it('keeps an upright JPEG lossless (same pixels, ICC kept) while dropping its EXIF GPS', async () => {
    const form = await castForm(cast);
    const jpeg = await sharp(await makeJpeg({ width: 900, height: 600, gps: true }))
      .keepExif()
      .withIccProfile('p3')
      .jpeg({ quality: 97 })
      .toBuffer();
    const inputMeta = await sharp(jpeg).metadata();
    expect(exifIfd0Tags(inputMeta.exif)).toContain(GPS_IFD_POINTER_TAG);

    const res = await uploadImage(cast.ownerClient, form.id, jpeg, 'scan.jpg');
    expect(res.status).toBe(201);
    const original = await fetchStored(cast.ownerClient, res.body.publicUrl);
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([900, 600, undefined]);
    expect(meta.icc?.equals(inputMeta.icc ?? Buffer.alloc(0))).toBe(true);
    expect(original.bytes.includes(Buffer.from('FixtureCam'))).toBe(false);
    expect(original.bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    const [stored, sent] = await Promise.all([sharp(original.bytes).raw().toBuffer(), sharp(jpeg).raw().toBuffer()]);
    expect(stored.equals(sent)).toBe(true); // not re-encoded: no generation loss
    const thumbnail = await sharp((await fetchStored(cast.ownerClient, res.body.thumbnailUrl)).bytes).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 267]);
  });

  it('stores a PNG without its text chunks losslessly, and one with EXIF orientation 6 upright', async () => {
    const form = await castForm(cast);
    const png = await makePng(300, 200);
    // A tEXt chunk right after IHDR (8 bytes of signature, 25 of IHDR): length, type and data, CRC.
    const typeAndData = Buffer.from('tEXtComment\0secret', 'latin1');
    const text = Buffer.alloc(typeAndData.length + 8);
    text.writeUInt32BE(typeAndData.length - 4, 0);
    typeAndData.copy(text, 4);
    text.writeUInt32BE(zlib.crc32(typeAndData), text.length - 4);
    const withText = Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]);
    const plain = await uploadImage(cast.ownerClient, form.id, withText, 'page.png');
    expect(plain.status).toBe(201);
    const stored = (await fetchStored(cast.ownerClient, plain.body.publicUrl)).bytes;
    expect(stored.includes(Buffer.from('secret'))).toBe(false);
    expect(stored.equals(png)).toBe(true);

    const turned = await sharp(png).withMetadata({ orientation: 6 }).png().toBuffer();
    const upright = await uploadImage(cast.ownerClient, form.id, turned, 'turned.png');
    expect(upright.status).toBe(201);
    const meta = await sharp((await fetchStored(cast.ownerClient, upright.body.publicUrl)).bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      'png',
      200,
      300,
      undefined,
      undefined,
    ]);
  });

  it('refuses a JPEG whose header claims more than 100 megapixels before decoding it', async () => {
    const form = await castForm(cast);
    const jpeg = Buffer.from(await makeJpeg());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(20_000, sof + 5); // height
    jpeg.writeUInt16BE(20_000, sof + 7); // width
    const res = await uploadImage(cast.ownerClient, form.id, jpeg, 'bomb.jpg');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('100 megapixels') });
  });

  it('converts a real HEIC to JPEG and drops its EXIF GPS', async () => {
    const form = await castForm(cast);
    const plain = await uploadImage(cast.ownerClient, form.id, await readHeicFixture('sample'), 'IMG_0001.HEIC');
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ mimeType: 'image/jpeg', originalName: 'IMG_0001.HEIC' });
    const converted = await sharp((await fetchStored(cast.ownerClient, plain.body.publicUrl)).bytes).metadata();
    expect([converted.format, converted.width, converted.height]).toEqual(['jpeg', 320, 240]);

    const withGps = await uploadImage(cast.ownerClient, form.id, await readHeicFixture('withGps'), 'IMG_0002.HEIC');
    expect(withGps.status).toBe(201);
    const stored = await fetchStored(cast.ownerClient, withGps.body.publicUrl);
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([400, 200, undefined]);
    expect(stored.bytes.includes(Buffer.from('FixtureCam'))).toBe(false);
  });

  it('goes by the bytes, not the name or declared type', async () => {
    const form = await castForm(cast);
    const body = fileForm(await makeJpeg(), 'looks-like.png', 'image', 'image/png');
    const res = await cast.ownerClient.post<ImageResponse>(`/api/forms/${form.id}/images`, body);
    expect(res.status).toBe(201);
    expect(res.body.mimeType).toBe('image/jpeg');
    expect(res.body.filename).toMatch(/\.jpg$/);
  });

  describe('refuses what is not a readable JPEG, PNG or HEIC, storing nothing', () => {
    const truncatedHeic = async () => (await readHeicFixture('large')).subarray(0, 20_000);
    it.each([
      ['text renamed .png', async () => TEXT_BYTES, 'notes.png', 415, 'Unsupported file type'],
      ['a BMP', async () => Buffer.from('BM6\u0000\u0000\u0000\u0000\u0000'), 'form.jpg', 415, 'Unsupported file type'],
      ['a GIF (logos only)', async () => Buffer.from('GIF89a...........'), 'a.gif', 415, 'Unsupported file type'],
      ['a truncated JPEG', makeTruncatedJpeg, 'cut.jpg', 400, 'damaged or incomplete'],
      ['a truncated HEIC', truncatedHeic, 'cut.heic', 400, 'damaged or incomplete'],
      ['an empty file', async () => Buffer.alloc(0), 'empty.jpg', 400, 'The file is empty'],
    ])('%s', async (_, bytes, filename, status, message) => {
      const form = await castForm(cast);
      const before = await filesOnDisk(server);
      const res = await uploadImage(cast.ownerClient, form.id, await bytes(), filename);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ message: expect.stringContaining(message) });
      expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
      expect(await filesOnDisk(server)).toEqual(before);
    });
  });

  it('refuses a HEIC whose header claims more than 100 megapixels before decoding it', async () => {
    const form = await castForm(cast);
    const heic = Buffer.from(await readHeicFixture('sample'));
    const ispe = heic.indexOf('ispe');
    heic.writeUInt32BE(20_000, ispe + 8);
    heic.writeUInt32BE(20_000, ispe + 12);
    const res = await uploadImage(cast.ownerClient, form.id, heic, 'bomb.heic');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('100 megapixels') });
  });

  it('wants exactly one file in the field "image"', async () => {
    const form = await castForm(cast);
    const url = `/api/forms/${form.id}/images`;
    const jpeg = await makeJpeg();
    const wrongField = await cast.ownerClient.post(url, fileForm(jpeg, 'a.jpg', 'file'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ message: expect.stringContaining('"image"') });
    const two = fileForm(jpeg, 'a.jpg');
    two.append('image', new Blob([new Uint8Array(jpeg)]), 'b.jpg');
    expect((await cast.ownerClient.post(url, two)).body).toEqual({ message: 'Upload one file per request' });
    expect((await cast.ownerClient.post(url, { image: 'not multipart' })).status).toBe(400);
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
    expect((await filesOnDisk(server)).incoming).toEqual([]);
  });

  it('lets the admin upload, refuses contributors (403), strangers (404) and the signed out (401)', async () => {
    const form = await castForm(cast);
    const jpeg = await makeJpeg();
    expect((await uploadImage(cast.adminClient, form.id, jpeg)).status).toBe(201);
    expect((await uploadImage(cast.contributorClient, form.id, jpeg)).status).toBe(403);
    expect((await uploadImage(cast.strangerClient, form.id, jpeg)).status).toBe(404);
    expect((await uploadImage(cast.signedOut, form.id, jpeg)).status).toBe(401);
    expect((await uploadImage(cast.ownerClient, 999_999, jpeg)).status).toBe(404);
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(1);
  });

  it('accepts uploads to a form whose data entry is paused (owners prepare forms before opening them)', async () => {
    const form = await castForm(cast, { dataEntryActive: false });
    expect((await uploadImage(cast.ownerClient, form.id, await makeJpeg())).status).toBe(201);
  });
});
