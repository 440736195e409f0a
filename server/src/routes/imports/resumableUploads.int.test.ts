/**
 * Resumable uploads through real HTTP on the test server: tus-js-client as the client, raw
 * requests for the protocol's edges, a proxy that cuts connections mid-chunk, the real database
 * and the files the uploads leave (or do not leave) on disk.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@formscribe/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Form, FormImage } from '../../models/index.ts';
import { RESUMABLE_UPLOAD_EXPIRY_MS, resumableUploadsDir } from '../../services/imports/resumableUploadServer.ts';
import { sweepExpiredUploads } from '../../services/imports/resumableUploadSweepJob.ts';
import { SESSION_COOKIE } from '../../services/sessions.ts';
import { CuttingProxy } from '../../test/cuttingProxy.ts';
import { addImages, type Person, person } from '../../test/entryFixtures.ts';
import { createForm, signedInAdmin } from '../../test/factories.ts';
import { grainyScan } from '../../test/grainyScans.ts';
import { waitForImport } from '../../test/importFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { uploadWithTus } from '../../test/tusTestClient.ts';
import { createToken, professionalOwner } from '../../test/v1Fixtures.ts';
import { RESUMABLE_UPLOAD_ERRORS } from './resumableUploads.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const KB = 1024;

let server: TestServer;
let owner: Person;
let form: Form;

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server);
  form = await createForm(owner.user);
});
afterAll(() => server.stop());

/** The headers a signed-in browser tab sends: its cookie and the app's Origin. */
function sessionOf(who: Person, base = server.url): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${who.client.cookie(SESSION_COOKIE)}`, origin: base };
}

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

async function raw(method: string, url: string, headers: Record<string, string>, body?: Buffer): Promise<RawAnswer> {
  const payload = body ? new Uint8Array(body) : undefined;
  const response = await fetch(new URL(url, server.url), { method, headers: { ...TUS, ...headers }, body: payload });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Creates an upload with raw tus requests; returns its URL (absolute). */
async function createUpload(who: Person, formId: number, size: number, name = 'scans.pdf'): Promise<string> {
  const created = await raw('POST', `/api/forms/${formId}/uploads`, {
    ...sessionOf(who),
    'upload-length': String(size),
    'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
  });
  expect(created.status, created.text).toBe(201);
  return new URL(created.headers.get('location') ?? '', server.url).toString();
}

async function offsetOf(who: Person, url: string): Promise<RawAnswer> {
  return raw('HEAD', url, sessionOf(who));
}

function patch(who: Person, url: string, offset: number, bytes: Buffer): Promise<RawAnswer> {
  return raw(
    'PATCH',
    url,
    { ...sessionOf(who), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
}

/** Waits for the import to end; its figures, and the content hashes of the form's images, sorted. */
async function importOutcome(who: Person, formId: number, importId: number) {
  const figures = await waitForImport(who.client, formId, importId);
  const rows = await FormImage.query().where({ formId }).select('contentHash');
  return { figures, hashes: rows.map((row) => row.contentHash).sort() };
}

async function uploadFilesLeft(): Promise<string[]> {
  return fs.readdir(resumableUploadsDir(server.deps.config)).catch(() => []);
}

describe('an owner uploads a large file resumably', () => {
  it('completes through tus-js-client, answers Import-Id, and the import gets every byte under the relative name', async () => {
    const target = await createForm(owner.user);
    const { bytes: scan, hash } = await grainyScan();
    const result = await uploadWithTus({
      endpoint: `${server.url}/api/forms/${target.id}/uploads`,
      file: scan,
      filename: '/../box1/./page_9.jpg',
      headers: sessionOf(owner),
      chunkSize: 16 * KB,
    });
    const outcome = await importOutcome(owner, target.id, result.importId);
    expect(outcome.figures).toMatchObject({ status: 'done', name: 'box1/page_9.jpg', imported: 1, reason: null });
    expect(outcome.hashes).toEqual([hash]);
    // The finished upload's own copy is gone: the import has it now.
    const uploadId = result.uploadUrl.split('/').pop() ?? '';
    expect((await uploadFilesLeft()).filter((name) => name.startsWith(uploadId))).toEqual([]);
    expect((await offsetOf(owner, result.uploadUrl)).status).toBe(404);
  });

  it('resumes from the server’s offset after connections cut mid-chunk, sending again less than a chunk per cut', async () => {
    const target = await createForm(owner.user);
    const { bytes: scan, hash } = await grainyScan(900, 700);
    const chunkSize = 64 * KB;
    const proxy = await CuttingProxy.start(server.url, [Math.round(scan.length * 0.4), Math.round(scan.length * 0.75)]);
    try {
      const result = await uploadWithTus({
        endpoint: `${proxy.url}/api/forms/${target.id}/uploads`,
        file: scan,
        filename: 'census_page.jpg',
        headers: sessionOf(owner, proxy.url),
        chunkSize,
      });
      expect(proxy.cuts).toBe(2);
      expect(scan.length).toBeGreaterThan(4 * chunkSize);
      // Everything sent beyond the file itself: the requests' headers, and what each cut lost.
      const sentAgain = proxy.bytesFromClients - scan.length;
      expect(sentAgain).toBeGreaterThan(0);
      expect(sentAgain).toBeLessThan(proxy.cuts * chunkSize);
      const outcome = await importOutcome(owner, target.id, result.importId);
      expect(outcome.figures).toMatchObject({ status: 'done', imported: 1 });
      expect(outcome.hashes).toEqual([hash]);
    } finally {
      await proxy.stop();
    }
  });

  it('picks up an upload a reload left half-way: HEAD gives the offset and only the rest is sent', async () => {
    const target = await createForm(owner.user);
    const { bytes: scan, hash } = await grainyScan();
    const half = Math.floor(scan.length / 2);
    const url = await createUpload(owner, target.id, scan.length, 'half.jpg');
    expect((await patch(owner, url, 0, scan.subarray(0, half))).status).toBe(204);
    const head = await offsetOf(owner, url);
    expect(head.headers.get('upload-offset')).toBe(String(half));

    const proxy = await CuttingProxy.start(server.url);
    try {
      const result = await uploadWithTus({
        endpoint: `${proxy.url}/api/forms/${target.id}/uploads`,
        uploadUrl: url.replace(server.url, proxy.url),
        file: scan,
        filename: 'half.jpg',
        headers: sessionOf(owner, proxy.url),
        chunkSize: 8 * KB,
      });
      // The rest of the file and the requests' headers: not the half the server had.
      expect(proxy.bytesFromClients).toBeLessThan(scan.length - half + 4 * KB);
      const outcome = await importOutcome(owner, target.id, result.importId);
      expect(outcome.figures).toMatchObject({ status: 'done', name: 'half.jpg', imported: 1 });
      expect(outcome.hashes).toEqual([hash]);
    } finally {
      await proxy.stop();
    }
  });

  it('abandons an upload on DELETE: its bytes go and it is not found again', async () => {
    const url = await createUpload(owner, form.id, 10 * KB);
    expect((await patch(owner, url, 0, randomBytes(4 * KB))).status).toBe(204);
    expect((await raw('DELETE', url, sessionOf(owner))).status).toBe(204);
    expect((await offsetOf(owner, url)).status).toBe(404);
    const uploadId = url.split('/').pop() ?? '';
    expect((await uploadFilesLeft()).filter((name) => name.startsWith(uploadId))).toEqual([]);
  });
});

describe('who may upload', () => {
  it('refuses creation to the signed out (401), a stranger (404), a contributor (403) and another site (403)', async () => {
    const stranger = await person(server);
    const contributor = await person(server, form);
    const headers = {
      'upload-length': '100',
      'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
    };
    const path = `/api/forms/${form.id}/uploads`;
    const filesBefore = await uploadFilesLeft();
    expect((await raw('POST', path, { ...headers, origin: server.url })).status).toBe(401);
    expect((await raw('POST', path, { ...headers, ...sessionOf(stranger) })).status).toBe(404);
    const contributed = await raw('POST', path, { ...headers, ...sessionOf(contributor) });
    expect(contributed.status).toBe(403);
    expect(JSON.parse(contributed.text)).toEqual({ message: MESSAGES.forbidden });
    const forged = await raw('POST', path, { ...headers, ...sessionOf(owner), origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text)).toEqual({ message: MESSAGES.foreignOrigin });
    expect(await uploadFilesLeft()).toEqual(filesBefore);
  });

  it('answers 404 to anyone but its uploader, and under any other form, on HEAD, PATCH and DELETE', async () => {
    const url = await createUpload(owner, form.id, 8 * KB);
    expect((await patch(owner, url, 0, randomBytes(2 * KB))).status).toBe(204);
    const stranger = await person(server);
    const contributor = await person(server, form);
    // The super admin manages every form, but the upload is still not theirs.
    const admin = await signedInAdmin(server);

    // A contributor is refused by the form's policy first (403), as on every manager's route.
    for (const [other, status] of [
      [stranger, 404],
      [admin, 404],
      [contributor, 403],
    ] as const) {
      expect((await offsetOf(other, url)).status).toBe(status);
      expect((await patch(other, url, 2 * KB, randomBytes(KB))).status).toBe(status);
      expect((await raw('DELETE', url, sessionOf(other))).status).toBe(status);
    }
    const otherForm = await createForm(owner.user);
    const moved = url.replace(`/forms/${form.id}/`, `/forms/${otherForm.id}/`);
    const underOtherForm = await offsetOf(owner, moved);
    expect(underOtherForm.status).toBe(404);
    expect(JSON.parse(underOtherForm.text || '{}')).toEqual({});

    // Nothing the others did moved it: the uploader finds it where they left it.
    expect((await offsetOf(owner, url)).headers.get('upload-offset')).toBe(String(2 * KB));
  });

  it('takes a token that may write on /api/v1, and refuses a read-only token and a cookie there', async () => {
    const pro = await professionalOwner(server);
    const proForm = await createForm(pro.user);
    const writer = await createToken(pro, 'read_write');
    const reader = await createToken(pro, 'read');
    const endpoint = `${server.url}/api/v1/forms/${proForm.id}/uploads`;
    const { bytes: scan, hash } = await grainyScan();
    const result = await uploadWithTus({
      endpoint,
      file: scan,
      filename: 'api.jpg',
      headers: { authorization: `Bearer ${writer}` },
      chunkSize: 8 * KB,
    });
    const outcome = await importOutcome(pro, proForm.id, result.importId);
    expect(outcome.figures).toMatchObject({ status: 'done', name: 'api.jpg', imported: 1 });
    expect(outcome.hashes).toEqual([hash]);

    const create = { 'upload-length': '10', 'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}` };
    const readOnly = await raw('POST', endpoint, { ...create, authorization: `Bearer ${reader}` });
    expect(readOnly.status).toBe(403);
    expect(JSON.parse(readOnly.text)).toEqual({ message: MESSAGES.apiTokenReadOnly });
    expect((await raw('POST', endpoint, { ...create, ...sessionOf(pro) })).status).toBe(401);
  });
});

describe('limits', () => {
  const named = { 'upload-metadata': `filename ${Buffer.from('big.pdf').toString('base64')}` };

  it('needs Upload-Length: a deferred or missing length is refused with a clear message', async () => {
    const path = `/api/forms/${form.id}/uploads`;
    for (const headers of [named, { ...named, 'upload-defer-length': '1' }, { ...named, 'upload-length': 'lots' }]) {
      const refused = await raw('POST', path, { ...sessionOf(owner), ...headers });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toEqual({ message: RESUMABLE_UPLOAD_ERRORS.lengthRequired });
    }
  });

  it('refuses a file over what the owner’s plan allows (413 naming the limit) before a byte is stored', async () => {
    const filesBefore = await uploadFilesLeft();
    // Free: 50 images of 2.5 MB; the same call under a Professional owner is bounded by the 4 GB cap.
    const tooLarge = await raw('POST', `/api/forms/${form.id}/uploads`, {
      ...sessionOf(owner),
      ...named,
      'upload-length': String(125 * 1024 * 1024 + 1),
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text)).toMatchObject({
      message: expect.stringContaining('the free plan accepts files up to 125 MB'),
      limit: 125 * 1024 * 1024,
      upgrade: true,
    });
    const pro = await professionalOwner(server);
    const proForm = await createForm(pro.user);
    const overCap = await raw('POST', `/api/forms/${proForm.id}/uploads`, {
      ...sessionOf(pro),
      ...named,
      'upload-length': String(4 * 1024 ** 3 + 1),
    });
    expect(overCap.status).toBe(413);
    expect(JSON.parse(overCap.text).message).toContain('up to 4 GB');
    expect(await uploadFilesLeft()).toEqual(filesBefore);
  });

  it('refuses a file without a name', async () => {
    const refused = await raw('POST', `/api/forms/${form.id}/uploads`, { ...sessionOf(owner), 'upload-length': '10' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('filename');
  });

  it('refuses creation on an inactive form and on a full one, as image uploads are', async () => {
    const inactive = await createForm(owner.user, { isActive: false });
    const headers = { ...sessionOf(owner), ...named, 'upload-length': '10' };
    const refused = await raw('POST', `/api/forms/${inactive.id}/uploads`, headers);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toEqual({ message: MESSAGES.inactiveFormTakesNoImages, formInactive: true });

    const full = await createForm(owner.user);
    await addImages(full, 50);
    const refusedFull = await raw('POST', `/api/forms/${full.id}/uploads`, headers);
    expect(refusedFull.status).toBe(403);
    expect(JSON.parse(refusedFull.text).message).toContain('Image limit reached');
  });

  it('expires an abandoned upload after 24 hours (410) and the sweep removes its bytes', async () => {
    const url = await createUpload(owner, form.id, 10 * KB);
    expect((await patch(owner, url, 0, randomBytes(KB))).status).toBe(204);
    const fresh = await createUpload(owner, form.id, 10 * KB);
    const uploadId = url.split('/').pop() ?? '';
    // Made a day and a minute ago, as far as the upload's own record says.
    const record = path.join(resumableUploadsDir(server.deps.config), `${uploadId}.json`);
    const info = JSON.parse(await fs.readFile(record, 'utf8'));
    info.creation_date = new Date(Date.now() - RESUMABLE_UPLOAD_EXPIRY_MS - 60_000).toISOString();
    await fs.writeFile(record, JSON.stringify(info));

    expect((await patch(owner, url, KB, randomBytes(KB))).status).toBe(410);
    expect(await sweepExpiredUploads(server.deps)).toBe(1);
    expect((await uploadFilesLeft()).filter((name) => name.startsWith(uploadId))).toEqual([]);
    expect((await offsetOf(owner, url)).status).toBe(404);
    expect((await offsetOf(owner, fresh)).headers.get('upload-offset')).toBe('0');
  });
});
