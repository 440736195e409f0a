/**
 * IIIF imports through the route: a manifest's canvases become the form's images in order, with
 * the manifest's and canvases' labels and metadata; a paged collection is walked to its end; and
 * with the production setting a manifest on the server's own machine is refused at the guard.
 */
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IiifStandIn } from '../../test/iiifStandIn.ts';
import { castForm, createImageCast, type ImageCast, setImagePlan } from '../../test/imageFactories.ts';
import { importedImages, waitForImport } from '../../test/importFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let standIn: IiifStandIn;
beforeAll(async () => {
  standIn = await IiifStandIn.start();
});
afterAll(() => standIn.stop());

async function startIiif(cast: ImageCast, formId: number, iiifUrl: string) {
  const res = await cast.ownerClient.post<{ importId: number }>(`/api/forms/${formId}/imports`, { iiifUrl });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.importId;
}

describe('with the test-only loopback switch on', () => {
  let server: TestServer;
  let cast: ImageCast;
  beforeAll(async () => {
    server = await startTestServer({ OUTBOUND_ALLOW_LOOPBACK: 'true' });
    cast = await createImageCast(server);
    await setImagePlan(cast.owner, { imageCountLimitPerForm: 1000 });
  });
  afterAll(() => server.stop());

  it('imports a v2 manifest’s canvases in order, with labels and metadata', async () => {
    const form = await castForm(cast);
    const importId = await startIiif(cast, form.id, standIn.manifestUrl('v2-ledger'));
    const figures = await waitForImport(cast.ownerClient, form.id, importId);
    expect(figures).toMatchObject({ status: 'done', found: 3, imported: 3, refused: [] });
    const images = await importedImages(cast.ownerClient, form.id);
    expect(images.map((image) => image.source.page)).toEqual([1, 2, 3]);
    expect(images[0]?.metadata).toMatchObject({ manifest: 'Ledger 1871', label: 'f. 1r', Date: '1871' });
    expect(images[2]?.metadata.label).toBe('f. 2r');
  });

  it('walks a paged collection to its end and imports each manifest once', async () => {
    const form = await castForm(cast);
    const importId = await startIiif(cast, form.id, standIn.collectionUrl('v2-paged'));
    const figures = await waitForImport(cast.ownerClient, form.id, importId);
    expect(figures.status).toBe('done');
    expect(figures.imported).toBeGreaterThan(0);
    expect(figures.imported + figures.duplicates + figures.refused.length).toBe(figures.found);
  });
});

describe('with the production setting', () => {
  let server: TestServer;
  let cast: ImageCast;
  beforeAll(async () => {
    server = await startTestServer();
    cast = await createImageCast(server);
  });
  afterAll(() => server.stop());

  it('fails an import whose manifest is on 127.0.0.1, with the guard’s reason, and adds nothing', async () => {
    const form = await castForm(cast);
    const importId = await startIiif(cast, form.id, standIn.manifestUrl('v2-ledger'));
    const figures: ImportResponse = await waitForImport(cast.ownerClient, form.id, importId);
    expect(figures.status).toBe('failed');
    expect(figures.reason).toMatch(/private|loopback|local/i);
    expect(await importedImages(cast.ownerClient, form.id)).toEqual([]);
  });
});
