/**
 * Security review (issue 9, item 2): a 0.6 MB single-colour 10000×10000 JPEG with EXIF
 * orientation 6 must be turned upright, which decodes it whole. Uploads of it in parallel must
 * not add up: the test process runs the app, so its RSS is what the uploads cost.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSingleColourJpeg, readHeicFixture } from '../../test/fixtures/imageFixtures.ts';
import {
  castForm,
  createImageCast,
  fileForm,
  filesOnDisk,
  type ImageCast,
  setImagePlan,
  uploadImage,
} from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const MB = 1_000_000;
const PARALLEL_UPLOADS = 8;
const RSS_BOUND_ABOVE_BASELINE = 600 * MB;

let server: TestServer;
let cast: ImageCast;
let turnedBomb: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  await setImagePlan(cast.owner, { imageCountLimitPerForm: 50 });
  turnedBomb = await makeSingleColourJpeg(10_000, 10_000, 6);
});
afterAll(() => server.stop());

/** Runs `work` while sampling the process's resident memory every 20 ms; returns the peak rise. */
async function peakRssRise<T>(work: () => Promise<T>): Promise<{ result: T; rise: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, rise: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

describe('decoding images for upload', () => {
  it(`stores ${PARALLEL_UPLOADS} parallel uploads of a 100-megapixel turned JPEG upright, staying under 600 MB RSS above baseline`, async () => {
    expect(turnedBomb.length).toBeLessThan(MB);
    const form = await castForm(cast);
    const { result: responses, rise } = await peakRssRise(() =>
      Promise.all(
        Array.from({ length: PARALLEL_UPLOADS }, (_, i) =>
          uploadImage(cast.ownerClient, form.id, turnedBomb, `turned-${i}.jpg`),
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(PARALLEL_UPLOADS).fill(201));
    expect(rise).toBeLessThan(RSS_BOUND_ABOVE_BASELINE);

    const first = responses[0]?.body;
    if (!first) throw new Error('no upload answered');
    const stored = await fetch(new URL(first.publicUrl, server.url), {
      headers: { cookie: `formscribe_session=${cast.ownerClient.cookie('formscribe_session')}` },
    });
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([10_000, 10_000, undefined]);
  }, 180_000);
});

describe('images whose decoded pixels would not fit the memory set aside for image work', () => {
  const turnedRgbaPng = () =>
    sharp({ create: { width: 10_000, height: 10_000, channels: 4, background: '#e8e0d0ff' } })
      .withMetadata({ orientation: 6 })
      .png()
      .toBuffer();

  it('refuses a turned 100-megapixel RGBA PNG with a 400 that says the limit, storing nothing', async () => {
    const form = await castForm(cast);
    const before = await filesOnDisk(server);
    const res = await uploadImage(cast.ownerClient, form.id, await turnedRgbaPng(), 'turned.png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message:
        'The image has too many pixels: at most 83 megapixels are accepted for an image that must be turned upright',
    });
    expect(await filesOnDisk(server)).toEqual(before);
  });

  it('refuses a GIF logo whose single frame would decode to 400 MB', async () => {
    const form = await castForm(cast);
    const gif = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#e8e0d0' } })
      .gif()
      .toBuffer();
    expect(gif.length).toBeLessThan(MB);
    const res = await cast.ownerClient.post(
      `/api/forms/${form.id}/logo`,
      fileForm(gif, 'logo.gif', 'logo', 'image/gif'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The image has too many pixels: at most 83 megapixels are accepted for a GIF logo',
    });
  });

  it('refuses a HEIC over 50 megapixels before decoding it', async () => {
    const form = await castForm(cast);
    const heic = Buffer.from(await readHeicFixture('sample'));
    const ispe = heic.indexOf('ispe');
    heic.writeUInt32BE(9_000, ispe + 8);
    heic.writeUInt32BE(6_000, ispe + 12);
    const res = await uploadImage(cast.ownerClient, form.id, heic, 'huge.heic');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The image has too many pixels: at most 50 megapixels are accepted for HEIC images',
    });
  });
});
