/**
 * The CSV export is built by PostgreSQL (COPY); the Data tab's rows by JavaScript (`consolidatedRow`
 * and `csvCell`). Both reach a client over HTTP, so a spreadsheet user must get byte for byte
 * what the JavaScript rules say for the same images, whatever people typed.
 */
import { consolidatedColumns } from '@formscribe/common/consolidated';
import { csvLine, UTF8_BOM } from '@formscribe/common/csv';
import type { ConsolidatedResponse } from '@formscribe/common/schemas/consolidated';
import type { ImagesPageResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Form, FormImage } from '../../models/index.ts';
import { addImages, type Person, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Labels that need quoting, a shared label, and field ids that need escaping inside SQL. */
const FIELDS = [
  { id: 'value', type: 'text', label: 'Value, "as typed"', order: 0, required: false },
  { id: "it's\\", type: 'text', label: 'Same', order: 1, required: false },
  { id: 'second', type: 'text', label: 'Same', order: 2, required: false },
  { id: 'never', type: 'textarea', label: 'Notes', order: 3, required: false },
];

const TRICKY = [
  'say "hi"',
  '"',
  'a,b',
  ',',
  'line\nbreak',
  'crlf\r\ninside',
  'lone\rcr',
  '=SUM(A1:A2)',
  '=HYPERLINK("http://evil", "x")',
  '+1',
  '-1',
  '@cmd',
  '\tTab first',
  '\rCR first',
  '＝1+1',
  '＋1',
  '－1',
  '＠x',
  'Zoë Müller – café à Montréal',
  '😀 emoji, 日本語',
  'back\\slash',
  '\\.',
  "'already apostrophe",
  'a=1',
  'plain',
];

/**
 * The CSV as the JavaScript rules write it, from the Data tab's rows (all on one page) and each
 * image's source as the images list gives it (the form has no catalogue, so no `meta:` columns).
 */
function csvFromData(form: Form, data: ConsolidatedResponse, images: ImagesPageResponse): string {
  const sources = new Map(images.images.map((image) => [String(image.id), image.source]));
  const columns = consolidatedColumns(form.fields);
  const header = ['Image ID', 'Image', 'Completion', 'Last Submission', 'Manually Completed'];
  const rows = [...data.rows].sort((a, b) => Number(a.image_id) - Number(b.image_id));
  return (
    UTF8_BOM +
    csvLine([...header, ...columns.map((column) => column.label), 'Source File', 'Source Page']) +
    rows
      .map((row) =>
        csvLine([
          row.image_id,
          row.image_filename,
          row.completion_percentage,
          row.last_submission_date,
          row.manually_completed ? 'Yes' : 'No',
          ...columns.map((column) => row[column.key]),
          sources.get(String(row.image_id))?.fileName,
          sources.get(String(row.image_id))?.page,
        ]),
      )
      .join('')
  );
}

async function exportedCsv(owner: Person, formId: number): Promise<string> {
  const response = await fetch(`${server.url}/api/forms/${formId}/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: `formscribe_session=${owner.client.cookie('formscribe_session')}`,
    },
    body: JSON.stringify({ exportType: 'all' }),
  });
  expect(response.status).toBe(200);
  // Raw bytes: a text decoder would drop the byte order mark this test also checks.
  return Buffer.from(await response.arrayBuffer()).toString('utf8');
}

describe('the exported CSV equals the Data tab rows written as CSV', () => {
  it('for quotes, commas, line breaks, formula starters (full-width too), accents, empty and null', async () => {
    const owner = await person(server);
    const form = await createForm(owner.user, { fields: FIELDS, requiredEntriesPerImage: 1 });
    const images = await addImages(form, TRICKY.length + 5);
    const contributor = await person(server, form);
    for (const [index, value] of TRICKY.entries()) {
      const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
        imageId: images[index]?.id,
        data: { value, "it's\\": TRICKY[TRICKY.length - 1 - index], second: value },
      });
      expect(res.status).toBe(201);
    }

    // Stored states a submission rarely produces: names that need neutralising and quoting, a
    // verified null, a value kept on an unverified field, microsecond submission times, and
    // progress ratios where exact decimal and double arithmetic or half-even rounding disagree.
    const [nameless, nullValue, ratio57of200, ratio1of8, manual] = images.slice(TRICKY.length);
    const states: [FormImage | undefined, Record<string, unknown>][] = [
      [nameless, { original_name: '=cmd|"/c calc"!A1, scan.jpg', verified_field_count: 1, total_field_count: 3 }],
      [
        nullValue,
        {
          original_name: '＠scan\r\n2.jpg',
          field_status: JSON.stringify({
            value: { isVerified: true, verifiedValue: null },
            second: { isVerified: false, verifiedValue: 'not agreed yet' },
          }),
          last_submission_at: '2024-02-29 23:59:59.999999+00',
        },
      ],
      [
        ratio57of200,
        { verified_field_count: 57, total_field_count: 200, last_submission_at: '1999-12-31 23:00:00.0005+00' },
      ],
      [ratio1of8, { verified_field_count: 1, total_field_count: 8, original_name: '' }],
      [manual, { manually_completed: true, original_name: '-1.jpg' }],
    ];
    for (const [image, state] of states) {
      if (!image) throw new Error('missing image');
      await server
        .knex('form_images')
        .where({ id: image.id })
        .update({ is_complete: false, ...state });
    }
    await server.knex('form_images').where({ id: manual?.id }).update({ is_complete: true });

    const data = await owner.client.get<ConsolidatedResponse>(`/api/forms/${form.id}/consolidated-data?limit=200`);
    expect(data.body.total).toBe(images.length);
    const list = await owner.client.get<ImagesPageResponse>(`/api/forms/${form.id}/images?limit=100`);
    expect(list.body.total).toBe(images.length);
    expect(await exportedCsv(owner, form.id)).toBe(csvFromData(form, data.body, list.body));
  });
});
