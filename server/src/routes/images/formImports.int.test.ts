/**
 * Imports through their real entry points: a ZIP of folders posted to the upload route is split
 * into images in natural order with their source, junk refused with reasons, the same bytes
 * skipped as duplicates, the plan's image count honoured page by page, figures live on the
 * owners' room, a cancel that stops it, and only the form's managers may see or touch it.
 */

import { createHash } from 'node:crypto';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage, FormImport } from '../../models/index.ts';
import {
  castForm,
  createImageCast,
  fileForm,
  filesOnDisk,
  type ImageCast,
  setImagePlan,
} from '../../test/imageFactories.ts';
import { colourJpeg, importedImages, startFileImport, waitForImport } from '../../test/importFixtures.ts';
import { jpegOfScan, type PdfPageSpec, pdfOf } from '../../test/pdfFixtures.ts';
import { connect, watchForm } from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { writeZip } from '../../test/zipFixtures.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  await setImagePlan(cast.owner, { imageCountLimitPerForm: 1000 });
});
afterAll(() => server.stop());

/** A box of scans as a research team zips it: two folders, numbers that sort wrongly as text, a note. */
async function boxesZip() {
  return writeZip([
    { name: 'box2/page_1.jpg', data: await colourJpeg('#00aa00') },
    { name: 'box1/page_10.jpg', data: await colourJpeg('#0000aa') },
    { name: 'box1/page_9.jpg', data: await colourJpeg('#aa0000') },
    { name: 'box1/notes.txt', data: Buffer.from('reels 3 and 4 are missing') },
    { name: '__MACOSX/box1/._page_9.jpg', data: Buffer.from('resource fork') },
  ]);
}

describe('importing a ZIP of folders', () => {
  it('adds every image in natural order with its path, and refuses what is not an image', async () => {
    const form = await castForm(cast);
    const importId = await startFileImport(cast.ownerClient, form.id, await boxesZip(), 'boxes.zip');
    const figures = await waitForImport(cast.ownerClient, form.id, importId);
    expect(figures).toMatchObject({ status: 'done', found: 4, imported: 3, duplicates: 0, reason: null });
    expect(figures.refused).toEqual([{ name: 'box1/notes.txt', reason: 'Not an image, PDF, TIFF or ZIP' }]);
    const images = await importedImages(cast.ownerClient, form.id);
    expect(images.map((image) => image.source)).toEqual([
      { fileName: 'box1/page_9.jpg', page: null },
      { fileName: 'box1/page_10.jpg', page: null },
      { fileName: 'box2/page_1.jpg', page: null },
    ]);
    // The container leaves storage once its import ended (just after the figures say so).
    await expect.poll(async () => (await FormImport.query().findById(importId))?.storedName).toBeNull();
    expect((await filesOnDisk(server)).imports).toEqual([]);
  });

  it('runs a form’s imports one after another, so two ZIPs sent together do not interleave', async () => {
    const form = await castForm(cast);
    const zipOf = async (prefix: string, colours: string[]) =>
      writeZip(
        await Promise.all(
          colours.map(async (colour, i) => ({
            name: `${prefix}_${i + 1}.jpg`,
            data: await colourJpeg(colour, 1200, 900),
          })),
        ),
      );
    const first = await zipOf('first', ['#110000', '#220000', '#330000', '#440000', '#550000', '#660000']);
    const second = await zipOf('second', ['#001100', '#002200', '#003300']);
    const ids = [
      await startFileImport(cast.ownerClient, form.id, first, 'first.zip'),
      await startFileImport(cast.ownerClient, form.id, second, 'second.zip'),
    ];
    for (const id of ids) await waitForImport(cast.ownerClient, form.id, id);
    const names = (await importedImages(cast.ownerClient, form.id)).map((image) => image.source.fileName);
    expect(names).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => `first_${n}.jpg`),
      ...[1, 2, 3].map((n) => `second_${n}.jpg`),
    ]);
  });

  it('skips pages whose bytes the form already holds, and says so', async () => {
    const form = await castForm(cast);
    const zip = await boxesZip();
    await waitForImport(cast.ownerClient, form.id, await startFileImport(cast.ownerClient, form.id, zip, 'boxes.zip'));
    const again = await waitForImport(
      cast.ownerClient,
      form.id,
      await startFileImport(cast.ownerClient, form.id, zip, 'boxes-again.zip'),
    );
    expect(again).toMatchObject({ status: 'done', imported: 0, duplicates: 3 });
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(3);
  });

  it('gives catalogue rows to imported pages, whether the catalogue came before or after', async () => {
    const form = await castForm(cast);
    const catalogue = 'fileName,box,folder\nbox1/page_9.jpg,1,3\nbox2/page_1.jpg,2,7\n';
    const before = await cast.ownerClient.post(
      `/api/forms/${form.id}/catalogue`,
      fileForm(Buffer.from(catalogue), 'catalogue.csv', 'file', 'text/csv'),
    );
    expect(before.status).toBe(200);
    await waitForImport(
      cast.ownerClient,
      form.id,
      await startFileImport(cast.ownerClient, form.id, await boxesZip(), 'b.zip'),
    );
    const images = await importedImages(cast.ownerClient, form.id);
    expect(images.map((image) => image.metadata)).toEqual([{ box: '1', folder: '3' }, {}, { box: '2', folder: '7' }]);

    const later = await castForm(cast);
    await waitForImport(
      cast.ownerClient,
      later.id,
      await startFileImport(cast.ownerClient, later.id, await boxesZip(), 'b.zip'),
    );
    const after = await cast.ownerClient.post<{ matched: number }>(
      `/api/forms/${later.id}/catalogue`,
      fileForm(Buffer.from(catalogue), 'catalogue.csv', 'file', 'text/csv'),
    );
    expect(after.body.matched).toBe(2);
    expect((await importedImages(cast.ownerClient, later.id))[0]?.metadata).toEqual({ box: '1', folder: '3' });
  });

  it('stops at the plan’s image count and names the pages left out', async () => {
    const form = await castForm(cast);
    await setImagePlan(cast.owner, { imageCountLimitPerForm: 2 });
    try {
      const importId = await startFileImport(cast.ownerClient, form.id, await boxesZip(), 'boxes.zip');
      const figures = await waitForImport(cast.ownerClient, form.id, importId);
      expect(figures.status).toBe('done');
      expect(figures.imported).toBe(2);
      expect(figures.refused.at(-1)?.reason).toMatch(/Image limit reached/);
    } finally {
      await setImagePlan(cast.owner, { imageCountLimitPerForm: 1000 });
    }
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(2);
  });

  it('sends the figures live to the form’s owners as pages go in', async () => {
    const form = await castForm(cast);
    const socket = await connect(server.url, cast.ownerClient);
    try {
      await watchForm(socket, form.id);
      const seen: ImportResponse[] = [];
      const ended = new Promise<void>((resolve) =>
        socket.on('form:import', (event) => {
          seen.push(event);
          if (event.status === 'done') resolve();
        }),
      );
      await startFileImport(cast.ownerClient, form.id, await boxesZip(), 'boxes.zip');
      await ended;
      expect(seen[0]?.status).toBe('running');
      expect(seen.at(-1)).toMatchObject({ status: 'done', imported: 3, found: 4 });
    } finally {
      socket.disconnect();
    }
  });

  it('stops when the owner cancels; pages already added stay', async () => {
    const form = await castForm(cast);
    const parts = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => ({
        name: `scan_${i + 1}.jpg`,
        data: await colourJpeg(`#${(i * 6 + 16).toString(16).padStart(2, '0')}4080`, 1600, 1200),
      })),
    );
    const importId = await startFileImport(cast.ownerClient, form.id, writeZip(parts), 'scans.zip');
    await waitForImport(cast.ownerClient, form.id, importId, (figures) => figures.imported >= 1);
    const cancelled = await cast.ownerClient.delete<ImportResponse>(`/api/forms/${form.id}/imports/${importId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const count = await FormImage.query().where({ formId: form.id }).resultSize();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThan(40);
    const final = await waitForImport(cast.ownerClient, form.id, importId);
    expect(final.status).toBe('cancelled');
  });
});

describe('importing a PDF', () => {
  it('gives a scanned page its own JPEG, renders a drawn page, and refuses a page too large to draw', async () => {
    const form = await castForm(cast);
    const scan: PdfPageSpec = { kind: 'scan', colour: [200, 40, 40] };
    const pdf = await pdfOf([scan, { kind: 'text', text: 'Parish register, 1871' }, { kind: 'huge', points: 100_000 }]);
    const importId = await startFileImport(cast.ownerClient, form.id, pdf, 'ledger-1871.pdf');
    const figures = await waitForImport(cast.ownerClient, form.id, importId);
    expect(figures).toMatchObject({ status: 'done', found: 3, imported: 2 });
    expect(figures.refused).toEqual([{ name: expect.stringContaining('3'), reason: expect.any(String) }]);
    const images = await importedImages(cast.ownerClient, form.id);
    expect(images.map((image) => image.source)).toEqual([
      { fileName: 'ledger-1871.pdf', page: 1 },
      { fileName: 'ledger-1871.pdf', page: 2 },
    ]);
    // The scan went in byte for byte: its content hash is the embedded JPEG's.
    const embedded = await jpegOfScan(scan, 0);
    const stored = await FormImage.query().findById(images[0]?.id ?? 0);
    expect(stored?.contentHash).toBe(createHash('sha256').update(embedded).digest('hex'));
    expect(stored?.mimeType).toBe('image/jpeg');
  });
});

describe('importing a multi-page TIFF, and a ZIP inside a ZIP', () => {
  it('splits every page in order, each with its file name and page number', async () => {
    const form = await castForm(cast);
    const pages = await Promise.all(['#aa0000', '#00aa00', '#0000aa'].map((colour) => colourJpeg(colour)));
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    const importId = await startFileImport(cast.ownerClient, form.id, tiff, 'master.tif');
    expect(await waitForImport(cast.ownerClient, form.id, importId)).toMatchObject({ status: 'done', imported: 3 });
    const images = await importedImages(cast.ownerClient, form.id);
    expect(images.map((image) => image.source)).toEqual([1, 2, 3].map((page) => ({ fileName: 'master.tif', page })));
  });

  it('unpacks a nested ZIP in place, its paths kept', async () => {
    const form = await castForm(cast);
    const inner = writeZip([{ name: 'scan_2.jpg', data: await colourJpeg('#123456') }]);
    const outer = writeZip([
      { name: 'reel/scan_1.jpg', data: await colourJpeg('#654321') },
      { name: 'reel/more.zip', data: inner, store: true },
    ]);
    const importId = await startFileImport(cast.ownerClient, form.id, outer, 'reel.zip');
    expect(await waitForImport(cast.ownerClient, form.id, importId)).toMatchObject({ status: 'done', imported: 2 });
    const names = (await importedImages(cast.ownerClient, form.id)).map((image) => image.source.fileName);
    expect(names).toEqual(['reel/more.zip/scan_2.jpg', 'reel/scan_1.jpg']);
  });
});

describe('who may follow and cancel an import', () => {
  it('lets only the form’s managers read, list and cancel it', async () => {
    const form = await castForm(cast);
    const importId = await startFileImport(cast.ownerClient, form.id, await boxesZip(), 'boxes.zip');
    const path = `/api/forms/${form.id}/imports/${importId}`;
    for (const client of [cast.strangerClient, cast.contributorClient]) {
      expect((await client.get(path)).status).toBeGreaterThanOrEqual(403);
      expect((await client.delete(path)).status).toBeGreaterThanOrEqual(403);
      expect((await client.get(`/api/forms/${form.id}/imports`)).status).toBeGreaterThanOrEqual(403);
    }
    expect((await cast.signedOut.get(path)).status).toBe(401);
    expect((await cast.adminClient.get(path)).status).toBe(200);
    const list = await cast.ownerClient.get<{ imports: ImportResponse[] }>(`/api/forms/${form.id}/imports`);
    expect(list.body.imports.map((row) => row.importId)).toContain(importId);
    // Another form's id with this import's id: not found.
    const other = await castForm(cast);
    expect((await cast.ownerClient.get(`/api/forms/${other.id}/imports/${importId}`)).status).toBe(404);
    await waitForImport(cast.ownerClient, form.id, importId);
  });

  it('refuses a IIIF URL that is not an http(s) URL, and starts nothing', async () => {
    const form = await castForm(cast);
    const res = await cast.ownerClient.post<{ error: string }>(`/api/forms/${form.id}/imports`, {
      iiifUrl: 'file:///etc/passwd',
    });
    expect(res.status).toBe(400);
    expect((await server.knex('form_imports').where({ form_id: form.id })).length).toBe(0);
  });
});
