import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form } from '../../models/index.ts';
import {
  exifIfd0Tags,
  makeGif,
  makeJpeg,
  makePng,
  makeWebp,
  PDF_BYTES,
  readHeicFixture,
  TEXT_BYTES,
} from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, fileForm, filesOnDisk, type ImageCast } from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

const uploadLogo = (client: TestClient, formId: number, bytes: Uint8Array, name = 'logo.png') =>
  client.post<{ logoUrl: string; message?: string }>(`/api/forms/${formId}/logo`, fileForm(bytes, name, 'logo'));

describe('POST /api/forms/:id/logo', () => {
  it('stores the logo, points the form at it and removes the previous one', async () => {
    const form = await castForm(cast);
    const first = await uploadLogo(cast.ownerClient, form.id, await makePng(300, 120));
    expect(first.status).toBe(200);
    expect(first.body.logoUrl).toMatch(/^\/api\/logo-proxy\/[0-9a-f-]{36}\.png$/);
    const saved = await Form.query().findById(form.id);
    expect(saved?.logoUrl).toBe(first.body.logoUrl);
    expect(first.body.logoUrl).toBe(`/api/logo-proxy/${saved?.logoFilename}`);
    expect((await filesOnDisk(server)).logos).toContain(saved?.logoFilename);

    const second = await uploadLogo(cast.adminClient, form.id, await makeJpeg({ gps: true }), 'new.jpg');
    expect(second.status).toBe(200);
    expect(second.body.logoUrl).toMatch(/\.jpg$/);
    expect((await filesOnDisk(server)).logos).not.toContain(saved?.logoFilename);
    expect((await cast.signedOut.get(first.body.logoUrl)).status).toBe(404);
    const served = await fetch(new URL(second.body.logoUrl, server.url));
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(exifIfd0Tags(meta.exif)).toEqual([]);
  });

  it.each([
    ['GIF', makeGif, 'png'],
    ['WebP', makeWebp, 'webp'],
  ])('accepts a %s logo', async (_, make, extension) => {
    const form = await castForm(cast);
    const res = await uploadLogo(cast.ownerClient, form.id, await make(), `logo.${extension}`);
    expect(res.status).toBe(200);
    expect(res.body.logoUrl.endsWith(`.${extension}`)).toBe(true);
  });

  it('scales a huge logo down to at most 1024 px a side', async () => {
    const form = await castForm(cast);
    const res = await uploadLogo(cast.ownerClient, form.id, await makePng(3000, 1000));
    const served = await fetch(new URL(res.body.logoUrl, server.url));
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 341]);
  });

  it.each([
    ['text named .png', async () => TEXT_BYTES],
    ['a PDF', async () => PDF_BYTES],
    ['a HEIC (not a logo format)', () => readHeicFixture('sample')],
  ])('refuses %s with 415 and changes nothing', async (_, bytes) => {
    const form = await castForm(cast);
    const before = await filesOnDisk(server);
    const res = await uploadLogo(cast.ownerClient, form.id, await bytes());
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Unsupported file type: the logo must be a JPEG, PNG, GIF or WebP image');
    expect((await Form.query().findById(form.id))?.logoFilename).toBeNull();
    expect(await filesOnDisk(server)).toEqual(before);
  });

  it('refuses a file of 10MB or more with 413 and the spec’s message', async () => {
    const form = await castForm(cast);
    const before = await filesOnDisk(server);
    const tenMegabytes = Buffer.alloc(10 * 1024 * 1024);
    (await makePng()).copy(tenMegabytes);
    const res = await uploadLogo(cast.ownerClient, form.id, tenMegabytes);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Logo file must be smaller than 10MB' });
    expect((await Form.query().findById(form.id))?.logoFilename).toBeNull();
    expect(await filesOnDisk(server)).toEqual(before);
  });

  it('refuses contributors (403), strangers (404) and the signed out (401)', async () => {
    const form = await castForm(cast);
    const png = await makePng();
    expect((await uploadLogo(cast.contributorClient, form.id, png)).status).toBe(403);
    expect((await uploadLogo(cast.strangerClient, form.id, png)).status).toBe(404);
    expect((await uploadLogo(cast.signedOut, form.id, png)).status).toBe(401);
    expect((await Form.query().findById(form.id))?.logoFilename).toBeNull();
  });
});
