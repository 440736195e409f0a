import type { ImageResponse } from '@formscribe/common/schemas/form';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form } from '../../models/index.ts';
import { SESSION_COOKIE } from '../../services/sessions.ts';
import { makeJpeg, makePng } from '../../test/fixtures/imageFixtures.ts';
import {
  castForm,
  createImageCast,
  fileForm,
  filesOnDisk,
  type ImageCast,
  uploadImageOk,
} from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
let form: Form;
let image: ImageResponse;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  form = await castForm(cast);
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
    for (const proxy of ['image-proxy', 'display-proxy', 'thumbnail-proxy', 'logo-proxy']) {
      expect((await cast.ownerClient.get(`/api/${proxy}/${name}`)).status).toBe(404);
    }
  });

  it('does not serve an image original through the logo proxy', async () => {
    expect((await cast.signedOut.get(`/api/logo-proxy/${image.filename}`)).status).toBe(404);
  });
});

/** The file's bytes as the browser receives them (TestClient reads bodies as text). */
async function fileBytes(client: TestClient, url: string, init: { headers?: Record<string, string> } = {}) {
  const response = await fetch(new URL(url, client.baseUrl), {
    headers: { ...init.headers, cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE) ?? ''}` },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const displayUrl = (uploaded: ImageResponse, width?: number) =>
  `/api/display-proxy/${uploaded.filename}${width ? `?w=${width}` : ''}`;

describe('GET /api/display-proxy/:filename', () => {
  it('serves a large scan at most 1600 px on its long side, a fraction of its bytes, made once and kept', async () => {
    const scan = await makeJpeg({ width: 2480, height: 3508, quality: 95 });
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, scan, 'a4-300dpi.jpg');

    const first = await fileBytes(cast.contributorClient, displayUrl(uploaded));
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('image/webp');
    expect(first.response.headers.get('cache-control')).toBe('private, max-age=3600');
    const shown = await sharp(first.bytes).metadata();
    expect({ width: shown.width, height: shown.height }).toEqual({ width: 1131, height: 1600 });
    expect(first.bytes.length).toBeLessThan(uploaded.size / 3);

    // Stored beside the original: the next view is the same file (same ETag), not made again.
    expect((await filesOnDisk(server)).displays).toContain(`${uploaded.filename.split('.')[0]}.webp`);
    const again = await fileBytes(cast.ownerClient, displayUrl(uploaded));
    expect(again.response.headers.get('etag')).toBe(first.response.headers.get('etag'));
    // The original stays whole for zooming in far.
    const original = await fileBytes(cast.ownerClient, uploaded.publicUrl);
    expect((await sharp(original.bytes).metadata()).width).toBe(2480);
  });

  it('serves a phone-width copy on ?w=800: 800 px wide, a fraction of the 1600 px copy’s bytes, kept apart from it', async () => {
    const scan = await makeJpeg({ width: 2480, height: 3508, quality: 95 });
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, scan, 'a4-phone.jpg');

    const phone = await fileBytes(cast.contributorClient, displayUrl(uploaded, 800));
    expect(phone.response.status).toBe(200);
    expect(phone.response.headers.get('content-type')).toBe('image/webp');
    const shown = await sharp(phone.bytes).metadata();
    expect({ width: shown.width, height: shown.height }).toEqual({ width: 800, height: 1132 });
    const desktop = await fileBytes(cast.contributorClient, displayUrl(uploaded, 1600));
    expect((await sharp(desktop.bytes).metadata()).width).toBe(1131);
    expect(phone.bytes.length).toBeLessThan(desktop.bytes.length * 0.75);

    const id = uploaded.filename.split('.')[0];
    expect((await filesOnDisk(server)).displays).toEqual(expect.arrayContaining([`${id}-w800.webp`, `${id}.webp`]));
    const again = await fileBytes(cast.ownerClient, displayUrl(uploaded, 800));
    expect(again.response.headers.get('etag')).toBe(phone.response.headers.get('etag'));
  });

  it('serves an AVIF, about a quarter lighter, to a browser that says it shows one, and a WebP to the rest', async () => {
    const scan = await makeJpeg({ width: 2480, height: 3508, quality: 95 });
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, scan, 'a4-avif.jpg');
    const asked = (accept: string) =>
      fileBytes(cast.contributorClient, displayUrl(uploaded, 800), { headers: { accept } });

    // What Chrome, Firefox and Safari send for an <img> or an image preload.
    const avif = await asked('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8');
    expect(avif.response.status).toBe(200);
    expect(avif.response.headers.get('content-type')).toBe('image/avif');
    expect(avif.response.headers.get('vary')).toMatch(/\bAccept\b/);
    const shown = await sharp(avif.bytes).metadata();
    expect({ format: shown.format, compression: shown.compression, width: shown.width }).toEqual({
      format: 'heif',
      compression: 'av1',
      width: 800,
    });

    const webp = await asked('image/webp,*/*');
    expect(webp.response.headers.get('content-type')).toBe('image/webp');
    expect(webp.response.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(avif.bytes.length).toBeLessThan(webp.bytes.length * 0.85);
    for (const accept of ['*/*', 'image/avif;q=0,image/webp']) {
      expect((await asked(accept)).response.headers.get('content-type')).toBe('image/webp');
    }

    const id = uploaded.filename.split('.')[0];
    expect((await filesOnDisk(server)).displays).toEqual(
      expect.arrayContaining([`${id}-w800.avif`, `${id}-w800.webp`]),
    );
    const again = await asked('image/avif,*/*');
    expect(again.response.headers.get('etag')).toBe(avif.response.headers.get('etag'));
  });

  it('refuses a width it does not make (400), so nobody can have copies made at any size', async () => {
    for (const width of ['1000', '80', 'big', '800&w=1600']) {
      expect((await cast.ownerClient.get(`/api/display-proxy/${image.filename}?w=${width}`)).status).toBe(400);
    }
  });

  it('keeps a small image at its size, on white even when the original is a PNG', async () => {
    const { response, bytes } = await fileBytes(cast.ownerClient, displayUrl(image));
    expect(response.status).toBe(200);
    const shown = await sharp(bytes).metadata();
    expect({ format: shown.format, width: shown.width, height: shown.height }).toEqual({
      format: 'webp',
      width: 600,
      height: 400,
    });
  });

  it('follows the original’s access rule: contributors and the admin, not strangers (404) or the signed out (401)', async () => {
    for (const url of [displayUrl(image), displayUrl(image, 800)]) {
      expect((await cast.contributorClient.get(url)).status).toBe(200);
      expect((await cast.adminClient.get(url)).status).toBe(200);
      expect((await cast.strangerClient.get(url)).status).toBe(404);
      expect((await cast.signedOut.get(url)).status).toBe(401);
    }
    // Only an original's name is a way in: this PNG's thumbnail (its id, .jpg) names no original.
    const thumbnailName = image.thumbnailUrl.split('/').pop();
    expect((await cast.ownerClient.get(`/api/display-proxy/${thumbnailName}`)).status).toBe(404);
  });

  it('goes with its image when the image is deleted', async () => {
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, await makeJpeg({ width: 2000, height: 1500 }));
    expect((await cast.ownerClient.get(displayUrl(uploaded))).status).toBe(200);
    expect((await cast.ownerClient.get(displayUrl(uploaded, 800))).status).toBe(200);
    const avif = { headers: { accept: 'image/avif,*/*' } };
    expect((await cast.ownerClient.get(displayUrl(uploaded, 800), avif)).status).toBe(200);
    const id = uploaded.filename.split('.')[0];
    const copyNames = [`${id}.webp`, `${id}-w800.webp`, `${id}-w800.avif`];
    expect((await filesOnDisk(server)).displays).toEqual(expect.arrayContaining(copyNames));

    expect((await cast.ownerClient.delete(`/api/images/${uploaded.id}`)).status).toBe(204);
    const { displays } = await filesOnDisk(server);
    for (const name of copyNames) expect(displays).not.toContain(name);
    expect((await cast.ownerClient.get(displayUrl(uploaded, 800))).status).toBe(404);
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
