import { MESSAGES } from '@formscribe/common/messages';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { makeJpeg, makePng } from '../../test/fixtures/imageFixtures.ts';
import {
  castForm,
  createImageCast,
  fileForm,
  type ImageCast,
  uploadImage,
  uploadImageOk,
} from '../../test/imageFactories.ts';
import type { S3TestServer } from '../../test/s3Server.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

/** Files in a bucket that goes away and comes back: the user sees a clear 503, never half a file. */

let server: TestServer;
let bucket: S3TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer({}, { storage: 's3' });
  if (!server.s3) throw new Error('the test server has no bucket');
  bucket = server.s3;
  cast = await createImageCast(server);
});
afterAll(async () => {
  await bucket.resume();
  await server.stop();
});

/** The file's bytes as the owner's browser gets them. */
async function fetchFile(url: string) {
  const response = await fetch(new URL(url, server.url), {
    headers: { cookie: `formscribe_session=${cast.ownerClient.cookie('formscribe_session')}` },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('an unreachable bucket', () => {
  it('fails uploads and reads with the storage message, keeps nothing half-written, and serves again once back', async () => {
    const form = await castForm(cast);
    const existing: ImageResponse = await uploadImageOk(cast.ownerClient, form.id, await makePng(300, 200));
    const original = await fetchFile(existing.publicUrl);
    expect(original.status).toBe(200);
    const keysBefore = await bucket.keys();
    expect(keysBefore).toContain(`images/${existing.publicUrl.split('/').pop()}`);

    await bucket.pause();
    const upload = await uploadImage(cast.ownerClient, form.id, await makeJpeg());
    expect(upload.status).toBe(503);
    expect(upload.body).toEqual({ message: MESSAGES.storageUnavailable });
    const logo = await cast.ownerClient.post(
      `/api/forms/${form.id}/logo`,
      fileForm(await makePng(), 'logo.png', 'logo'),
    );
    expect(logo.status).toBe(503);
    expect(logo.body).toEqual({ message: MESSAGES.storageUnavailable });
    for (const url of [existing.publicUrl, existing.thumbnailUrl]) {
      const read = await cast.ownerClient.get(url);
      expect(read.status).toBe(503);
      expect(read.body).toEqual({ message: MESSAGES.storageUnavailable });
    }
    // No row for the failed upload: the form still has its one image.
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(1);

    await bucket.resume();
    // Nothing the failed requests started is in the bucket.
    expect(await bucket.keys()).toEqual(keysBefore);
    // The node needs no restart: the existing image is served again, byte for byte, and uploads work.
    expect(await fetchFile(existing.publicUrl)).toEqual(original);
    expect((await fetchFile(existing.thumbnailUrl)).status).toBe(200);
    const retried = await uploadImage(cast.ownerClient, form.id, await makeJpeg());
    expect(retried.status).toBe(201);
  });
});
