/**
 * For the typed exports' tests (XLSX, JSON, Data Package): a form with a field of each data type,
 * values entered through the real submission route, and a download read as bytes (the test
 * client reads bodies as text, which would spoil a ZIP).
 */
import type { FormResponse } from '@formscribe/common/schemas/form';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { Form } from '../models/index.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';
import { addImages, type Person, person } from './entryFixtures.ts';
import type { TestServer } from './testServer.ts';

export const TYPED_FIELDS = [
  { id: 'f1', type: 'text', label: 'Surname', order: 0, required: true, help: 'As spelled', rules: { maxLength: 40 } },
  { id: 'f2', type: 'number', label: 'Age', order: 1, rules: { min: 0, max: 120, integer: true }, unit: 'years' },
  { id: 'f3', type: 'number', label: 'Weight', order: 2, decimalSeparator: 'comma', unit: 'kg' },
  { id: 'f4', type: 'date', label: 'Born on', order: 3, rules: { earliest: '1800-01-01' } },
  { id: 'f5', type: 'expandedDate', label: 'Baptised', order: 4 },
  { id: 'f6', type: 'select', label: 'Parish', order: 5, options: ['North', 'South'] },
  { id: 'f7', type: 'checkbox', label: 'Alive', order: 6 },
  { id: 'f8', type: 'text', label: 'Note', order: 7 },
];

/** What the two entered images hold, as a contributor typed it. */
export const ENTRIES = [
  { f1: 'Smith', f2: '30', f3: '72,5', f4: '1850-03-02', f5: '1850|3|', f6: 'North', f7: true, f8: '=1+1' },
  { f1: 'Zoë, "Jo"', f2: '4', f3: '1.250,75', f4: '1901-12-31', f5: '1901||', f6: 'South', f7: false, f8: '' },
];

export interface TypedExportForm {
  owner: Person;
  form: FormResponse;
  imageIds: number[];
}

/**
 * The form made through POST /api/forms (so its fields get their column names), three images of
 * which the first two are entered and agreed (threshold 1) and the third has nothing.
 */
export async function typedExportForm(server: TestServer, name = 'Register 1851'): Promise<TypedExportForm> {
  const owner = await person(server);
  const created = await owner.client.post<FormResponse>('/api/forms', { name, fields: TYPED_FIELDS });
  expect(created.status).toBe(201);
  const row = await Form.query().findById(created.body.id);
  if (!row) throw new Error('form missing');
  const images = await addImages(row, 3);
  for (const [index, data] of ENTRIES.entries()) {
    const res = await owner.client.post(`/api/forms/${created.body.id}/submissions`, {
      imageId: images[index]?.id,
      data,
    });
    expect(res.status, res.text).toBe(201);
  }
  return { owner, form: created.body, imageIds: images.map((image) => image.id) };
}

/** POSTs an export as the browser does and reads the answer's bytes. */
export async function downloadExport(server: TestServer, owner: Person, formId: number, body: object) {
  const response = await fetch(`${server.url}/api/forms/${formId}/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: `${SESSION_COOKIE}=${owner.client.cookie(SESSION_COOKIE) ?? ''}`,
    },
    body: JSON.stringify(body),
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A ZIP's files by name. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(Buffer.from(chunk));
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}
