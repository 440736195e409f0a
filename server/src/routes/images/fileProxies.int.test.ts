import type { ImageResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form } from '../../models/index.ts';
import { makeJpeg, makePng } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, fileForm, type ImageCast, uploadImageOk } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
let image: ImageResponse;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  const form = await castForm(cast);
  image = await uploadImageOk(cast.ownerClient, form.id, await makePng(600, 400), 'page.png');
});
afterAll(() => server.stop());

describe('GET /api/image-proxy/:filename and /api/thumbnail-proxy/:filename', () => {
  it('serves the files with their type, private caching and an ETag', async () => {
    const original = await cast.ownerClient.get(image.publicUrl);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(original.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Number(original.headers.get('content-length'))).toBe(image.size);

    const thumbnail = await cast.ownerClient.get(image.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(thumbnail.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('answers 304 without a body when the ETag still matches', async () => {
    const first = await cast.contributorClient.get(image.thumbnailUrl);
    const etag = first.headers.get('etag') ?? '';
    const again = await cast.contributorClient.get(image.thumbnailUrl, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const changed = await cast.contributorClient.get(image.thumbnailUrl, { headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('serves contributors and the admin, not strangers (404) or the signed out (401)', async () => {
    for (const url of [image.publicUrl, image.thumbnailUrl]) {
      expect((await cast.contributorClient.get(url)).status).toBe(200);
      expect((await cast.adminClient.get(url)).status).toBe(200);
      const stranger = await cast.strangerClient.get(url);
      expect(stranger.status).toBe(404);
      expect(stranger.headers.get('content-type')).toContain('application/json');
      expect((await cast.signedOut.get(url)).status).toBe(401);
    }
  });

  it.each([
    'f0e1d2c3-b4a5-4697-8899-aabbccddeeff.jpg',
    '..%2F..%2F..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%5C..%5Cserver%5Cpackage.json',
    'page.png',
    '.%2Fsecret',
  ])('answers 404 for a name that is unknown or not ours: %s', async (name) => {
    for (const proxy of ['image-proxy', 'thumbnail-proxy', 'logo-proxy']) {
      expect((await cast.ownerClient.get(`/api/${proxy}/${name}`)).status).toBe(404);
    }
  });

  it('does not serve an image original through the logo proxy', async () => {
    expect((await cast.signedOut.get(`/api/logo-proxy/${image.filename}`)).status).toBe(404);
  });
});

describe('GET /api/logo-proxy/:filename', () => {
  it('serves a form’s logo to anyone, signed out included (invite landing), with an ETag', async () => {
    const form = await castForm(cast);
    const upload = await cast.ownerClient.post<{ logoUrl: string }>(
      `/api/forms/${form.id}/logo`,
      fileForm(await makeJpeg({ width: 200, height: 100 }), 'logo.jpg', 'logo'),
    );
    expect(upload.status).toBe(200);
    const res = await cast.signedOut.get(upload.body.logoUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = res.headers.get('etag') ?? '';
    expect((await cast.signedOut.get(upload.body.logoUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // Once no form uses the file, it is not served even if it were still on disk.
    await Form.query().findById(form.id).patch({ logoFilename: null, logoUrl: null });
    expect((await cast.signedOut.get(upload.body.logoUrl)).status).toBe(404);
  });
});
