/**
 * HEIC decoding takes hundreds of milliseconds of pure CPU per photo. These tests prove it
 * happens off the event loop: the server (in this same process) keeps answering meanwhile.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import convert from 'heic-convert';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHeicFixture } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, type ImageCast, uploadImage } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

/** Longest single stall of this process's event loop while `work` runs, in ms. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const result = await work();
    return { result, stallMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

describe('HEIC conversion off the event loop', () => {
  it('keeps answering /api/health quickly while a large HEIC converts', async () => {
    const form = await castForm(cast);
    const heic = await readHeicFixture('large'); // 2016×2688
    // Warm the worker pool so the measured upload is all conversion, no start-up.
    expect((await uploadImage(cast.ownerClient, form.id, await readHeicFixture('sample'))).status).toBe(201);

    const started = performance.now();
    let uploading = true;
    const upload = uploadImage(cast.ownerClient, form.id, heic, 'IMG_LARGE.HEIC').finally(() => {
      uploading = false;
    });
    const healthTimes: number[] = [];
    const { stallMs } = await longestStall(async () => {
      while (uploading) {
        const sent = performance.now();
        const health = await cast.signedOut.get('/api/health');
        expect(health.status).toBe(200);
        healthTimes.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return upload;
    });
    const uploadMs = performance.now() - started;
    const response = await upload;
    expect(response.status).toBe(201);

    // The same conversion on the main thread would stall it for its whole duration (next test).
    const slowestHealth = Math.max(...healthTimes);
    expect(uploadMs).toBeGreaterThan(250);
    expect(healthTimes.length).toBeGreaterThanOrEqual(5);
    // Typically 10-40 ms. Relative to the conversion's own length, so a busy machine (slower
    // everything) does not fail it, while a loop blocked for the conversion would.
    expect(slowestHealth).toBeLessThan(uploadMs / 2);
    expect(stallMs).toBeLessThan(uploadMs / 2);
  });

  it('(control) the same decode run on the main thread does stall the loop', async () => {
    const heic = await readHeicFixture('large');
    const { stallMs } = await longestStall(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await convert({ buffer: heic, format: 'JPEG' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(stallMs).toBeGreaterThan(250);
  });

  it('converts uploads that arrive together, one or two at a time, all successfully', async () => {
    const form = await castForm(cast);
    const heic = await readHeicFixture('sample');
    const responses = await Promise.all(Array.from({ length: 6 }, () => uploadImage(cast.ownerClient, form.id, heic)));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
  });
});
