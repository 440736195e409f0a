import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import { CATALOGUE_LIMITS } from '@formscribe/common/limits';
import type { CatalogueResponse } from '@formscribe/common/schemas/catalogue';
import type { ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Form } from '../../models/index.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, fileForm, type ImageCast, uploadImageOk } from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { writeZip } from '../../test/zipFixtures.ts';

let server: TestServer;
let cast: ImageCast;
let jpeg: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  jpeg = await makeJpeg({ width: 40, height: 30 });
});
afterAll(() => server.stop());

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendCatalogue(client: TestClient, form: Form, bytes: Uint8Array, name = 'catalogue.csv', type = CSV_TYPE) {
  return client.post<CatalogueResponse>(`/api/forms/${form.id}/catalogue`, fileForm(bytes, name, 'file', type));
}

const csv = (text: string) => Buffer.from(text);

async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Catalogue').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Each image's source and metadata by file name, as the images list shows them to `client`. */
async function catalogueView(form: Form, client: TestClient = cast.ownerClient) {
  const res = await client.get<ImagesPageResponse>(`/api/forms/${form.id}/images`);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.images.map((image) => [image.originalName, { source: image.source, metadata: image.metadata }]),
  );
}

describe('POST /api/forms/:id/catalogue', () => {
  it('keeps a CSV that arrives before its scans and gives each later scan its row', async () => {
    const form = await castForm(cast);
    const res = await sendCatalogue(
      cast.ownerClient,
      form,
      csv('\uFEFFfileName,box,folder\r\nledger-1.jpg,12,3\r\n"ledger-2.jpg","12","4, loose"\r\n'),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      matched: 0,
      unmatched: [
        { line: 2, fileName: 'ledger-1.jpg', page: null },
        { line: 3, fileName: 'ledger-2.jpg', page: null },
      ],
      columns: ['box', 'folder'],
      contributorColumns: [],
    });

    const uploaded = await uploadImageOk(cast.ownerClient, form.id, jpeg, 'ledger-2.jpg');
    expect(uploaded.metadata).toEqual({ box: '12', folder: '4, loose' });
    await uploadImageOk(cast.ownerClient, form.id, jpeg, 'other.jpg');
    expect(await catalogueView(form)).toEqual({
      'ledger-2.jpg': { source: { fileName: 'ledger-2.jpg', page: null }, metadata: { box: '12', folder: '4, loose' } },
      'other.jpg': { source: { fileName: 'other.jpg', page: null }, metadata: {} },
    });
    // No column is chosen for contributors yet: they see none.
    const seenByContributor = await catalogueView(form, cast.contributorClient);
    expect(seenByContributor['ledger-2.jpg']?.metadata).toEqual({});
    const one = (client: TestClient) => client.get<ImageResponse>(`/api/images/${uploaded.id}`);
    expect((await one(cast.ownerClient)).body.metadata).toEqual({ box: '12', folder: '4, loose' });
    expect((await one(cast.contributorClient)).body.metadata).toEqual({});
  });

  it('matches an XLSX catalogue to scans already there and lists the rows that match none', async () => {
    const form = await castForm(cast);
    await uploadImageOk(cast.ownerClient, form.id, jpeg, 'box1-001.jpg');
    await uploadImageOk(cast.ownerClient, form.id, jpeg, 'box1-002.jpg');
    const workbook = await xlsx([
      ['fileName', 'page', 'box', 'date'],
      ['box1-001.jpg', '', 1, new Date(Date.UTC(1871, 2, 4))],
      ['missing.jpg', '', 2, ''],
      ['ledger.pdf', 3, 2, ''],
    ]);
    const res = await sendCatalogue(cast.ownerClient, form, workbook, 'catalogue.xlsx', XLSX_TYPE);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      matched: 1,
      unmatched: [
        { line: 3, fileName: 'missing.jpg', page: null },
        { line: 4, fileName: 'ledger.pdf', page: 3 },
      ],
      columns: ['box', 'date'],
      contributorColumns: [],
    });
    const view = await catalogueView(form);
    expect(view['box1-001.jpg']?.metadata).toEqual({ box: '1', date: '1871-03-04' });
    expect(view['box1-002.jpg']?.metadata).toEqual({});
  });

  it('replaces the previous catalogue: its rows no longer apply, now or to later scans', async () => {
    const form = await castForm(cast);
    await uploadImageOk(cast.ownerClient, form.id, jpeg, 'a.jpg');
    await sendCatalogue(cast.ownerClient, form, csv('fileName,box\na.jpg,1\nb.jpg,1\n'));
    const res = await sendCatalogue(cast.ownerClient, form, csv('fileName,shelf\nc.jpg,9\n'));
    expect(res.body).toEqual({
      matched: 0,
      unmatched: [{ line: 2, fileName: 'c.jpg', page: null }],
      columns: ['shelf'],
      contributorColumns: [],
    });
    await uploadImageOk(cast.ownerClient, form.id, jpeg, 'b.jpg');
    await uploadImageOk(cast.ownerClient, form.id, jpeg, 'c.jpg');
    const view = await catalogueView(form);
    expect([view['a.jpg']?.metadata, view['b.jpg']?.metadata, view['c.jpg']?.metadata]).toEqual([
      {},
      {},
      { shelf: '9' },
    ]);
  });

  describe('bad files get a 400 that says why, and change nothing', () => {
    const tooManyRows = `fileName\n${Array.from({ length: CATALOGUE_LIMITS.maxRows + 1 }, (_, i) => `f${i}.jpg`).join('\n')}\n`;
    const tooManyColumns = `fileName,${Array.from({ length: CATALOGUE_LIMITS.maxColumns }, (_, i) => `c${i}`).join(',')}\n`;
    const cases: [string, () => Promise<Buffer> | Buffer, string][] = [
      ['no fileName column', () => csv('name,box\na.jpg,1\n'), CATALOGUE_MESSAGES.noFileColumn],
      ['an empty file', () => csv(''), CATALOGUE_MESSAGES.empty],
      ['a binary file', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]), CATALOGUE_MESSAGES.notCsvOrXlsx],
      [
        'a damaged workbook',
        async () => (await xlsx([['fileName'], ['a.jpg']])).subarray(0, 200),
        CATALOGUE_MESSAGES.notCsvOrXlsx,
      ],
      [
        'a workbook that unpacks past its limit (a ZIP bomb)',
        () =>
          writeZip([
            { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
            { name: 'xl/sharedStrings.xml', data: Buffer.alloc(CATALOGUE_LIMITS.maxWorkbookInflatedBytes + 1, 0x20) },
          ]),
        CATALOGUE_MESSAGES.workbookTooLarge,
      ],
      ['an unclosed quote', () => csv('fileName,box\n"a.jpg,1\n'), CATALOGUE_MESSAGES.notCsvOrXlsx],
      ['too many rows', () => csv(tooManyRows), CATALOGUE_MESSAGES.tooManyRows],
      ['too many columns', () => csv(tooManyColumns), CATALOGUE_MESSAGES.tooManyColumns],
      [
        'a cell too long',
        () => csv(`fileName,note\na.jpg,${'x'.repeat(CATALOGUE_LIMITS.maxCellLength + 1)}\n`),
        CATALOGUE_MESSAGES.cellTooLong(2),
      ],
      [
        'a file too large',
        () => csv(`fileName\n${'a'.repeat(CATALOGUE_LIMITS.maxBytes)}\n`),
        CATALOGUE_MESSAGES.tooLarge,
      ],
      [
        'a file name too long to index',
        () => csv(`fileName\n${'文'.repeat(CATALOGUE_LIMITS.maxFileNameLength + 1)}\n`),
        CATALOGUE_MESSAGES.fileNameTooLong(2),
      ],
      ['a row without its file', () => csv('fileName,box\n,1\n'), CATALOGUE_MESSAGES.noFileName(2)],
      ['a page that is not a page', () => csv('fileName,page\na.pdf,0\n'), CATALOGUE_MESSAGES.badPage(2)],
      ['the same file twice', () => csv('fileName,box\na.jpg,1\na.jpg,2\n'), CATALOGUE_MESSAGES.repeatedRow(3, 2)],
      ['a column named twice', () => csv('fileName,box,box\na.jpg,1,2\n'), CATALOGUE_MESSAGES.repeatedColumn('box')],
    ];
    let form: Form;
    beforeAll(async () => {
      form = await castForm(cast);
      await uploadImageOk(cast.ownerClient, form.id, jpeg, 'a.jpg');
      await sendCatalogue(cast.ownerClient, form, csv('fileName,box\na.jpg,7\nlater.jpg,8\n'));
    });

    it.each(cases)('%s', async (_name, makeFile, message) => {
      const before = await catalogueView(form);
      const res = await sendCatalogue(cast.ownerClient, form, await makeFile());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message });
      expect(await catalogueView(form)).toEqual(before);
    });

    it('the kept catalogue still applies to a later scan', async () => {
      const uploaded = await uploadImageOk(cast.ownerClient, form.id, jpeg, 'later.jpg');
      expect(uploaded.metadata).toEqual({ box: '8' });
    });
  });

  it('is refused to a contributor (403) and to another owner (404), changing nothing', async () => {
    const form = await castForm(cast);
    await uploadImageOk(cast.ownerClient, form.id, jpeg, 'a.jpg');
    const file = csv('fileName,box\na.jpg,1\n');
    expect((await sendCatalogue(cast.contributorClient, form, file)).status).toBe(403);
    expect((await sendCatalogue(cast.strangerClient, form, file)).status).toBe(404);
    expect((await catalogueView(form))['a.jpg']?.metadata).toEqual({});
  });
});
