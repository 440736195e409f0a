import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import {
  castForm,
  createImageCast,
  filesOnDisk,
  type ImageCast,
  setImagePlan,
  uploadImage,
} from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

const countImages = (formId: number) => FormImage.query().where({ formId }).resultSize();

describe('the image count limit of the form owner’s plan', () => {
  it('answers 403 with the upgrade flag, the limit and the plan once the form is full', async () => {
    await setImagePlan(cast.owner, { imageCountLimitPerForm: 2 });
    const form = await castForm(cast);
    const jpeg = await makeJpeg();
    expect((await uploadImage(cast.ownerClient, form.id, jpeg)).status).toBe(201);
    expect((await uploadImage(cast.ownerClient, form.id, jpeg)).status).toBe(201);
    const before = await filesOnDisk(server);
    const refused = await uploadImage(cast.ownerClient, form.id, jpeg);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Image limit reached: this form can hold 2 images on the free plan',
      upgrade: true,
      limit: 2,
      plan: 'free',
    });
    // The admin spends the owner's allowance too.
    expect((await uploadImage(cast.adminClient, form.id, jpeg)).status).toBe(403);
    expect(await countImages(form.id)).toBe(2);
    expect(await filesOnDisk(server)).toEqual(before);
  });

  it('stores exactly the limit when 20 uploads race for the last places', async () => {
    await setImagePlan(cast.owner, { imageCountLimitPerForm: 5 });
    const form = await castForm(cast);
    const before = await filesOnDisk(server);
    const jpeg = await makeJpeg({ width: 320, height: 240 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => uploadImage(cast.ownerClient, form.id, jpeg)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    expect(
      responses
        .filter((r) => r.status === 201)
        .map((r) => r.body.number)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(await countImages(form.id)).toBe(5);
    // Losers wrote their files before the locked count refused them; those files are gone again.
    const after = await filesOnDisk(server);
    expect(after.images.length - before.images.length).toBe(5);
    expect(after.thumbnails.length - before.thumbnails.length).toBe(5);
    expect(after.incoming).toEqual([]);
  });
});

describe('the image size limit of the form owner’s plan', () => {
  it('answers 413 with the upgrade flag and the limit in MB, storing nothing', async () => {
    await setImagePlan(cast.owner, { imageCountLimitPerForm: 50, imageSizeLimitMb: 0.05 });
    const form = await castForm(cast);
    const big = await makeJpeg({ width: 1600, height: 1200, quality: 95 });
    expect(big.length).toBeGreaterThan(0.05 * 1024 * 1024);
    const before = await filesOnDisk(server);
    for (const client of [cast.ownerClient, cast.adminClient]) {
      const res = await uploadImage(client, form.id, big);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        message: 'Image is larger than your plan allows: the free plan accepts images up to 0.05 MB',
        upgrade: true,
        limit: 0.05,
        plan: 'free',
      });
    }
    expect(await countImages(form.id)).toBe(0);
    expect(await filesOnDisk(server)).toEqual(before);

    const small = await makeJpeg({ width: 200, height: 150 });
    expect((await uploadImage(cast.ownerClient, form.id, small)).status).toBe(201);
  });

  it('judges by the owner’s plan, not the uploader’s', async () => {
    await setImagePlan(cast.owner, { imageSizeLimitMb: 10 });
    const form = await castForm(cast);
    const big = await makeJpeg({ width: 1600, height: 1200, quality: 95 });
    // The admin account keeps the default 3 MB; the owner's 10 MB is what counts.
    expect((await uploadImage(cast.adminClient, form.id, big)).status).toBe(201);
  });
});
