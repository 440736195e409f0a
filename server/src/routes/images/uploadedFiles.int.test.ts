/**
 * What an owner gets back from uploads, file by file: the original exactly as sent minus its
 * metadata, a thumbnail that shows the same upright picture, and never a listed image whose
 * files are not there yet, however many uploads arrive at once.
 */
import { createHash } from 'node:crypto';
import type { ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { exifIfd0Tags, GPS_IFD_POINTER_TAG, makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, filesOnDisk, type ImageCast, uploadImage } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

async function fetchStored(url: string) {
  const cookie = `formscribe_session=${cast.ownerClient.cookie('formscribe_session')}`;
  const response = await fetch(new URL(url, server.url), { headers: { cookie } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The segment of `jpeg` that starts with marker 0xFF `code` (its length bytes included). */
function jpegSegment(jpeg: Buffer, code: number): Buffer {
  const at = jpeg.indexOf(Buffer.from([0xff, code]));
  if (at < 0) throw new Error(`no segment 0xFF${code.toString(16)} in the fixture`);
  return jpeg.subarray(at, at + 2 + jpeg.readUInt16BE(at + 2));
}

/** Mean colour of a region given as fractions of the image's size. */
async function meanColour(image: Buffer, left: number, top: number, width: number, height: number) {
  const { width: w = 0, height: h = 0 } = await sharp(image).metadata();
  const region = { left: Math.round(left * w), top: Math.round(top * h) };
  const pixels = await sharp(image)
    .extract({ ...region, width: Math.round(width * w), height: Math.round(height * h) })
    .removeAlpha()
    .raw()
    .toBuffer();
  const sums = [0, 0, 0];
  pixels.forEach((value, i) => {
    sums[i % 3] = (sums[i % 3] ?? 0) + value;
  });
  return sums.map((sum) => Math.round(sum / (pixels.length / 3)));
}

const RED_BLOCK = [0xc0, 0x39, 0x2b];
const PAPER = [0xef, 0xe9, 0xdc];
/** Raw RGB pixels: paper, with a red block of `blockWidth`×`blockHeight` in the top-left corner. */
function paperWithRedBlock(width: number, height: number, blockWidth: number, blockHeight: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const rgb = x < blockWidth && y < blockHeight ? RED_BLOCK : PAPER;
      pixels.set(rgb, (y * width + x) * 3);
    }
  }
  return pixels;
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 12);

describe('uploaded files', () => {
  it('stores an upright JPEG byte for byte as sent, only its EXIF (GPS) and comment segments cut out', async () => {
    const form = await castForm(cast);
    const sent = await makeJpeg({ width: 900, height: 600 });
    const exif = jpegSegment(await makeJpeg({ gps: true }), 0xe1);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x13]), Buffer.from('scanner serial 42')]);
    // Metadata right after SOI, as cameras write it.
    const withMetadata = Buffer.concat([sent.subarray(0, 2), exif, comment, sent.subarray(2)]);
    expect(exifIfd0Tags((await sharp(withMetadata).metadata()).exif)).toContain(GPS_IFD_POINTER_TAG);

    const res = await uploadImage(cast.ownerClient, form.id, withMetadata, 'scan.jpg');
    expect(res.status).toBe(201);
    const original = await fetchStored(res.body.publicUrl);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(sent)).toBe(true);
    expect(res.body.size).toBe(sent.length);
  });

  it('stores each upload as its own bytes, one after another and at once: a smaller after a larger, after a refused one', async () => {
    // The route receives uploads into buffers it reuses (receiveBufferPool.ts): nothing of an
    // earlier upload may show in a later one's file, whatever their sizes and outcomes.
    const form = await castForm(cast);
    const large = await makeJpeg({ width: 2400, height: 1800, quality: 95 });
    const small = await makeJpeg({ width: 300, height: 200 });
    const truncated = large.subarray(0, Math.floor(large.length / 2));
    const storedAs = async (sent: Buffer) => {
      const res = await uploadImage(cast.ownerClient, form.id, sent, 'page.jpg');
      expect(res.status).toBe(201);
      const original = await fetchStored(res.body.publicUrl);
      // The hash that later imports' duplicates are found by is the sent bytes'.
      const row = await FormImage.query().findById(res.body.id);
      const sha256 = createHash('sha256').update(sent).digest('hex');
      return {
        sameBytes: original.bytes.equals(sent),
        size: res.body.size === sent.length && row?.contentHash === sha256,
      };
    };
    expect(await storedAs(large)).toEqual({ sameBytes: true, size: true });
    expect((await uploadImage(cast.ownerClient, form.id, truncated, 'cut.jpg')).status).toBe(400);
    expect(await storedAs(small)).toEqual({ sameBytes: true, size: true });
    const together = await Promise.all(
      [small, large, truncated, small, large].map((sent) =>
        sent === truncated
          ? uploadImage(cast.ownerClient, form.id, sent, 'cut.jpg').then((r) => r.status)
          : storedAs(sent),
      ),
    );
    expect(together).toEqual([
      ...Array(2).fill({ sameBytes: true, size: true }),
      400,
      ...Array(2).fill({ sameBytes: true, size: true }),
    ]);
  });

  it('shows a sideways camera photo upright in both the original and the thumbnail', async () => {
    const form = await castForm(cast);
    // The page is 1200×800 with a red block in its top-left corner. The camera stored it turned a
    // quarter anticlockwise and wrote EXIF orientation 6 ("turn clockwise to view").
    const page = await sharp(paperWithRedBlock(1200, 800, 400, 100), { raw: { width: 1200, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    const sideways = await sharp(page).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 800, height: 1200, orientation: 6 });

    const res = await uploadImage(cast.ownerClient, form.id, sideways, 'sideways.jpg');
    expect(res.status).toBe(201);
    const original = await fetchStored(res.body.publicUrl);
    const thumbnail = await fetchStored(res.body.thumbnailUrl);
    expect(await sharp(original.bytes).metadata()).toMatchObject({ width: 1200, height: 800 });
    // The size a IIIF manifest states for it is the upright one.
    expect(await FormImage.query().findById(res.body.id)).toMatchObject({ width: 1200, height: 800 });
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 267 });

    for (const image of [original.bytes, thumbnail.bytes]) {
      expect(near(await meanColour(image, 0.02, 0.02, 0.28, 0.08), RED_BLOCK)).toBe(true);
      expect(near(await meanColour(image, 0.7, 0.02, 0.28, 0.08), PAPER)).toBe(true);
      expect(near(await meanColour(image, 0.02, 0.9, 0.28, 0.08), PAPER)).toBe(true);
    }
    // The thumbnail is the original's picture, scaled: compared pixel by pixel, they barely differ.
    const [scaled, thumb] = await Promise.all([
      sharp(original.bytes).resize(400, 267).raw().toBuffer(),
      sharp(thumbnail.bytes).raw().toBuffer(),
    ]);
    const meanDifference = scaled.reduce((sum, value, i) => sum + Math.abs(value - (thumb[i] ?? 0)), 0) / scaled.length;
    expect(meanDifference).toBeLessThan(6);
  });

  it('never lists an image before its original and thumbnail are stored, with many uploads at once', async () => {
    const form = await castForm(cast);
    const before = await filesOnDisk(server);
    const photos = await Promise.all([
      makeJpeg({ width: 1600, height: 1200 }),
      makeJpeg({ width: 1200, height: 1600, orientation: 6 }),
      makeJpeg({ width: 800, height: 600, orientation: 3 }),
    ]);
    const uploads = Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        uploadImage(cast.ownerClient, form.id, photos[i % photos.length] ?? Buffer.alloc(0), `page-${i}.jpg`),
      ),
    );
    let done = false;
    void uploads.finally(() => {
      done = true;
    });

    // A watching client: every image the list shows must be servable at once.
    const checked = new Map<number, number[]>();
    const checkListed = async () => {
      const page = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${form.id}/images?limit=50`);
      expect(page.status).toBe(200);
      for (const image of page.body.images) {
        if (checked.has(image.id)) continue;
        const files = await Promise.all([fetchStored(image.publicUrl), fetchStored(image.thumbnailUrl)]);
        checked.set(
          image.id,
          files.map((file) => file.status),
        );
      }
    };
    while (!done) await checkListed();
    await checkListed();

    const responses = await uploads;
    expect(responses.map((res) => res.status)).toEqual(Array(9).fill(201));
    expect(checked.size).toBe(9);
    for (const statuses of checked.values()) expect(statuses).toEqual([200, 200]);
    for (const res of responses) {
      const body: ImageResponse = res.body;
      expect((await fetchStored(body.publicUrl)).bytes.length).toBe(body.size);
    }
    const after = await filesOnDisk(server);
    expect(after.images.length - before.images.length).toBe(9);
    expect(after.thumbnails.length - before.thumbnails.length).toBe(9);
    expect(after.incoming).toEqual([]);
  });
});
