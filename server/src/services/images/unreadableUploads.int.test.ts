/**
 * An upright JPEG's original is stored while its thumbnail is still being decoded, so a file
 * whose structure is complete but whose pixels are corrupt is only found out after that write
 * started. The upload must still be refused with nothing left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, filesOnDisk, type ImageCast, uploadImage } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

/**
 * A restart marker in the middle of a scan that has no restart interval: every segment is
 * still where it belongs (the metadata strip accepts the file) but the decoder reports
 * corrupt data. Early in the scan, so the decode fails while the large original is written.
 */
async function makeJpegWithCorruptScan(): Promise<Buffer> {
  const jpeg = await makeJpeg({ width: 3000, height: 2000, quality: 95 });
  const cut = Math.floor(jpeg.length / 10);
  return Buffer.concat([jpeg.subarray(0, cut), Buffer.from([0xff, 0xd0]), jpeg.subarray(cut)]);
}

describe('an upright JPEG whose pixels are corrupt', () => {
  it('is refused as damaged, leaving no row and no stored file', async () => {
    const form = await castForm(cast);
    const bytes = await makeJpegWithCorruptScan();
    const before = await filesOnDisk(server);
    const res = await uploadImage(cast.ownerClient, form.id, bytes, 'corrupt.jpg');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('damaged or incomplete') });
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
    expect(await filesOnDisk(server)).toEqual(before);
  });

  it('is refused every time when several arrive together, none leaving a file', async () => {
    const form = await castForm(cast);
    const bytes = await makeJpegWithCorruptScan();
    const before = await filesOnDisk(server);
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => uploadImage(cast.ownerClient, form.id, bytes, `corrupt-${i}.jpg`)),
    );
    expect(responses.map((res) => res.status)).toEqual([400, 400, 400, 400]);
    expect(await filesOnDisk(server)).toEqual(before);
  });
});
