/**
 * The catalogue columns contributors see (issue 25): the owner chooses them, contributors get
 * those columns' values on the image they enter and never the others, strangers nothing, and a
 * new catalogue keeps the choice for the columns it still has.
 */
import {
  type CatalogueResponse,
  CONTRIBUTOR_COLUMNS_MESSAGES,
  type FormCatalogue,
} from '@formscribe/common/schemas/catalogue';
import type { ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import type { NextImageResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Form } from '../../models/index.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, fileForm, type ImageCast, uploadImageOk } from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
let jpeg: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  jpeg = await makeJpeg({ width: 40, height: 30 });
});
afterAll(() => server.stop());

const LEDGER_CSV = 'fileName,box,folder,notes\nledger-1.jpg,12,3,water damage\n';

function sendCatalogue(client: TestClient, form: Form, text: string) {
  const body = fileForm(Buffer.from(text), 'catalogue.csv', 'file', 'text/csv');
  return client.post<CatalogueResponse>(`/api/forms/${form.id}/catalogue`, body);
}

const chooseColumns = (client: TestClient, form: Form, columns: unknown) =>
  client.put<FormCatalogue>(`/api/forms/${form.id}/catalogue/contributor-columns`, { columns });

const readCatalogue = (client: TestClient, form: Form) => client.get<FormCatalogue>(`/api/forms/${form.id}/catalogue`);

/** A form of the cast with one catalogued image, ledger-1.jpg (box 12, folder 3, notes). */
async function cataloguedForm() {
  const form = await castForm(cast);
  const image = await uploadImageOk(cast.ownerClient, form.id, jpeg, 'ledger-1.jpg');
  expect((await sendCatalogue(cast.ownerClient, form, LEDGER_CSV)).status).toBe(200);
  return { form, image };
}

describe('PUT /api/forms/:id/catalogue/contributor-columns', () => {
  it('shows contributors only the chosen columns of the image they open, and owners every column', async () => {
    const { form, image } = await cataloguedForm();
    const res = await chooseColumns(cast.ownerClient, form, ['folder', 'box']);
    expect(res.status, res.text).toBe(200);
    // Kept in the catalogue's order, whatever order they were sent in.
    expect(res.body).toEqual({ columns: ['box', 'folder', 'notes'], contributorColumns: ['box', 'folder'] });
    expect((await readCatalogue(cast.ownerClient, form)).body).toEqual(res.body);

    const seenBy = async (client: TestClient) => (await client.get<ImageResponse>(`/api/images/${image.id}`)).body;
    expect((await seenBy(cast.contributorClient)).metadata).toEqual({ box: '12', folder: '3' });
    expect((await seenBy(cast.ownerClient)).metadata).toEqual({ box: '12', folder: '3', notes: 'water damage' });
    const list = await cast.contributorClient.get<ImagesPageResponse>(`/api/forms/${form.id}/images`);
    expect(list.body.images.map((shown) => shown.metadata)).toEqual([{ box: '12', folder: '3' }]);

    // A rotation's answer replaces the entry page's image: it keeps the chosen columns.
    const rotated = await cast.contributorClient.post<ImageResponse>(`/api/images/${image.id}/rotate`, {
      rotation: 90,
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.metadata).toEqual({ box: '12', folder: '3' });

    expect((await chooseColumns(cast.ownerClient, form, [])).body.contributorColumns).toEqual([]);
    expect((await seenBy(cast.contributorClient)).metadata).toEqual({});
  });

  it('gives the next image to enter with the chosen columns only', async () => {
    const { owner, form, images } = await censusForm(server, { images: 1 });
    const [image] = images;
    if (!image) throw new Error('no image');
    const catalogue = `fileName,box,notes\n${image.sourceFileName},4,private\n`;
    expect((await sendCatalogue(owner.client, form, catalogue)).status).toBe(200);
    expect((await chooseColumns(owner.client, form, ['box'])).status).toBe(200);
    const contributor = await person(server, form);
    const next = await contributor.client.get<NextImageResponse>(`/api/forms/${form.id}/next-image`);
    expect(next.status, next.text).toBe(200);
    expect(next.body.image.metadata).toEqual({ box: '4' });
  });

  it('refuses a column the catalogue does not have, naming it, and changes nothing', async () => {
    const { form } = await cataloguedForm();
    await chooseColumns(cast.ownerClient, form, ['box']);
    const res = await chooseColumns(cast.ownerClient, form, ['folder', 'shelf']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: CONTRIBUTOR_COLUMNS_MESSAGES.unknownColumn('shelf') });
    // fileName names the scan: it is no catalogue column.
    const fileColumn = await chooseColumns(cast.ownerClient, form, ['fileName']);
    expect(fileColumn.body).toMatchObject({ message: CONTRIBUTOR_COLUMNS_MESSAGES.unknownColumn('fileName') });
    expect((await chooseColumns(cast.ownerClient, form, 'box')).status).toBe(400);
    expect((await readCatalogue(cast.ownerClient, form)).body.contributorColumns).toEqual(['box']);
  });

  it('refuses a choice before there is a catalogue; the form reads as having none', async () => {
    const form = await castForm(cast);
    const res = await chooseColumns(cast.ownerClient, form, ['box']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: CONTRIBUTOR_COLUMNS_MESSAGES.noCatalogue });
    expect((await readCatalogue(cast.ownerClient, form)).body).toEqual({ columns: [], contributorColumns: [] });
  });

  it('a new catalogue keeps the choice for the columns it still has', async () => {
    const { form, image } = await cataloguedForm();
    await chooseColumns(cast.ownerClient, form, ['box', 'notes']);
    const replaced = await sendCatalogue(cast.ownerClient, form, 'fileName,shelf,box\nledger-1.jpg,A,13\n');
    expect(replaced.body).toMatchObject({ columns: ['shelf', 'box'], contributorColumns: ['box'] });
    expect((await readCatalogue(cast.ownerClient, form)).body.contributorColumns).toEqual(['box']);
    const seen = await cast.contributorClient.get<ImageResponse>(`/api/images/${image.id}`);
    expect(seen.body.metadata).toEqual({ box: '13' });
  });

  it('is the owner’s: a contributor gets 403, a stranger 404, and neither learns the columns', async () => {
    const { form, image } = await cataloguedForm();
    await chooseColumns(cast.ownerClient, form, ['box']);
    const contributorTry = await chooseColumns(cast.contributorClient, form, ['box', 'notes']);
    expect(contributorTry.status).toBe(403);
    expect((await readCatalogue(cast.contributorClient, form)).status).toBe(403);
    const strangerTry = await chooseColumns(cast.strangerClient, form, ['notes']);
    expect(strangerTry.status).toBe(404);
    const strangerRead = await readCatalogue(cast.strangerClient, form);
    expect(strangerRead.status).toBe(404);
    expect(strangerRead.text).not.toContain('notes');
    const strangerImage = await cast.strangerClient.get(`/api/images/${image.id}`);
    expect(strangerImage.status).toBe(404);
    expect(strangerImage.text).not.toContain('12');
    expect((await readCatalogue(cast.ownerClient, form)).body.contributorColumns).toEqual(['box']);
  });
});
