import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, FormImage } from '../../models/index.ts';
import { makeJpeg, makePng } from '../../test/fixtures/imageFixtures.ts';
import {
  castForm,
  createImageCast,
  createImageRow,
  fileForm,
  filesOnDisk,
  type ImageCast,
  uploadImageOk,
} from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { ensureDisplayCopy } from '../images/displayCopies.ts';
import { fileStorage } from './fileStorage.ts';
import { sweepStorage } from './storageSweeper.ts';
import { requestStorageSweep } from './storageSweepJob.ts';
import { newStoredName, type StorageArea } from './storedNames.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

const BYTES = new Uint8Array([1, 2, 3]);
const pathOf = (area: StorageArea, name: string) => path.join(server.deps.config.uploadsDir, area, name);

/** Dates the file two hours back, past the sweep's grace period (on disk, or in the test's bucket). */
async function makeOld(area: StorageArea, name: string) {
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  if (server.s3) await server.s3.setLastModified(`${area}/${name}`, twoHoursAgo);
  else await fs.utimes(pathOf(area, name), twoHoursAgo, twoHoursAgo);
}

/**
 * What a crash in the middle of a storage write leaves. On disk: a temporary file next to the
 * real ones. A bucket's PutObject is all or nothing, so there it leaves nothing at all.
 */
async function leaveAbandonedWrite(): Promise<number> {
  if (server.s3) return 0;
  const abandonedWrite = `.${randomUUID()}.tmp`;
  await fs.writeFile(pathOf('images', abandonedWrite), BYTES);
  await makeOld('images', abandonedWrite);
  return 1;
}

/** A stored file no row points to, as a crash between storage write and commit leaves it. */
async function storeOrphan(area: StorageArea, old = true): Promise<string> {
  const name = newStoredName('jpg');
  await fileStorage(server.deps.config).write(area, name, BYTES);
  if (old) await makeOld(area, name);
  return name;
}

const sorted = (names: string[]) => [...names].sort();

describe('storage sweep', () => {
  it('removes old files that no row points to, and keeps files with rows and recent files', async () => {
    const form = await castForm(cast);
    const image = await uploadImageOk(cast.ownerClient, form.id, await makeJpeg());
    const logo = await cast.ownerClient.post(
      `/api/forms/${form.id}/logo`,
      fileForm(await makePng(), 'logo.png', 'logo'),
    );
    expect(logo.status).toBe(200);
    const imageRow = await FormImage.query().findById(image.id);
    const formRow = await Form.query().findById(form.id);
    if (!imageRow?.thumbnailFilename || !formRow?.logoFilename)
      throw new Error('the upload stored no thumbnail or logo');
    // A row whose thumbnail does not share its original's id must keep its file all the same.
    const oddThumbnail = newStoredName('jpg');
    await createImageRow(form, { thumbnailFilename: oddThumbnail });
    await fileStorage(server.deps.config).write('thumbnails', oddThumbnail, BYTES);
    const referenced = {
      images: [imageRow.filename],
      thumbnails: [imageRow.thumbnailFilename, oddThumbnail],
      logos: [formRow.logoFilename],
    };
    for (const [area, names] of Object.entries(referenced) as [StorageArea, string[]][]) {
      for (const name of names) await makeOld(area, name);
    }

    const orphanAreas: StorageArea[] = ['images', 'images', 'images', 'thumbnails', 'logos'];
    for (const area of orphanAreas) await storeOrphan(area);
    const recent = await storeOrphan('images', false);
    const abandonedWrites = await leaveAbandonedWrite();

    const result = await sweepStorage(server.deps, { batchSize: 2 });

    expect(result).toEqual({ checked: 4 + 5, removed: 5, abandonedWrites });
    const disk = await filesOnDisk(server);
    expect(sorted(disk.images)).toEqual(sorted([...referenced.images, recent]));
    expect(sorted(disk.thumbnails)).toEqual(sorted(referenced.thumbnails));
    expect(disk.logos).toEqual(referenced.logos);
    // The kept files are still served.
    const thumbnail = await fetch(new URL(image.thumbnailUrl ?? '', server.url), {
      headers: { cookie: `formscribe_session=${cast.ownerClient.cookie('formscribe_session')}` },
    });
    expect(thumbnail.status).toBe(200);
  });

  it('keeps a display copy while its original has a row, and sweeps one whose image is gone', async () => {
    const form = await castForm(cast);
    const image = await uploadImageOk(cast.ownerClient, form.id, await makeJpeg({ width: 2000, height: 1500 }));
    const storage = fileStorage(server.deps.config);
    const kept = [
      (await ensureDisplayCopy(storage, image.filename, 1600, 'webp'))?.name,
      (await ensureDisplayCopy(storage, image.filename, 800, 'avif'))?.name,
    ];
    for (const name of kept) {
      if (!name) throw new Error('no display copy was made');
      await makeOld('displays', name);
    }
    const orphan = await storeOrphan('displays');

    await sweepStorage(server.deps);

    const { displays } = await filesOnDisk(server);
    expect(displays).toEqual(expect.arrayContaining(kept));
    expect(displays).not.toContain(orphan);
  });

  it('runs as a job: a requested sweep removes the orphan through the job queue', async () => {
    const orphan = await storeOrphan('images');
    await requestStorageSweep(server.deps);
    await expect
      .poll(() => fileStorage(server.deps.config).stat('images', orphan), { timeout: 20_000, interval: 250 })
      .toBeUndefined();
  });
});
