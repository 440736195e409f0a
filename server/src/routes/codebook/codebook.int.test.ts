import type { FormField } from '@formscribe/common/fields';
import { MESSAGES } from '@formscribe/common/messages';
import { CODEBOOK_UNREADABLE, type Codebook } from '@formscribe/common/schemas/codebook';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../test/entryFixtures.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { fileForm } from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A form with a field of each kind a codebook describes, made as the builder makes it. */
const RICH_FIELDS = [
  {
    id: 'f1',
    type: 'text',
    label: 'Surname',
    order: 0,
    required: true,
    help: 'As spelled, even if misspelled',
    rules: { maxLength: 40, pattern: '-?[A-Z][a-z]+', patternMessage: 'Capitalised, e.g. Smith' },
  },
  { id: 'f2', type: 'number', label: 'Age', order: 1, unit: 'years', rules: { min: -1, max: 120, integer: true } },
  { id: 'f3', type: 'number', label: 'Height', order: 2, unit: 'cm', rules: { min: 30.5 } },
  { id: 'gap', type: 'spacer', label: '', order: 3 },
  { id: 'f4', type: 'date', label: 'Date of birth', order: 4, rules: { earliest: '1800-01-01', noFuture: true } },
  { id: 'f5', type: 'expandedDate', label: 'Baptised', order: 5 },
  { id: 'f6', type: 'select', label: 'Parish', order: 6, options: ['North', 'South | East'], allowOther: true },
  { id: 'f7', type: 'radio', label: 'Sex', order: 7, options: ['F', 'M'] },
  { id: 'f8', type: 'checkbox', label: 'Alive', order: 8 },
  { id: 'f9', type: 'email', label: 'Contact', order: 9, rules: { maxLength: 80 } },
];

async function richForm(client: TestClient): Promise<FormResponse> {
  const created = await client.post<FormResponse>('/api/forms', {
    name: 'Parish register',
    description: 'Baptisms 1850-1900',
    instructions: 'One line per child',
    requiredEntriesPerImage: 2,
    fields: RICH_FIELDS,
  });
  expect(created.status).toBe(201);
  return created.body;
}

function importCodebook(client: TestClient, text: string, filename: string) {
  return client.post<FormResponse>(
    '/api/forms/import-codebook',
    fileForm(Buffer.from(text), filename, 'file', 'text/plain'),
  );
}

/** What a codebook round trip must keep of a field. */
const described = (fields: FormField[]) =>
  fields
    .filter((f) => f.type !== 'spacer' && f.type !== 'newLine')
    .map(({ name, label, type, required, rules, options, allowOther, help, unit }) => ({
      name,
      label,
      type,
      required,
      rules,
      options,
      allowOther,
      help,
      unit,
    }));

describe('GET /api/forms/{id}/codebook', () => {
  it('describes each data field: column name, data type, rules, coded choices, help and unit', async () => {
    const owner = await person(server);
    const form = await richForm(owner.client);
    const res = await owner.client.get<Codebook>(`/api/forms/${form.id}/codebook?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Parish%20register_codebook.json');
    expect(res.body.form).toEqual({
      name: 'Parish register',
      description: 'Baptisms 1850-1900',
      instructions: 'One line per child',
      requiredEntriesPerImage: 2,
    });
    expect(res.body.fields.map((f) => [f.name, f.type, f.dataType])).toEqual([
      ['surname', 'text', 'string'],
      ['age', 'number', 'integer'],
      ['height', 'number', 'number'],
      ['date_of_birth', 'date', 'date'],
      ['baptised', 'expandedDate', 'string'],
      ['parish', 'select', 'string'],
      ['sex', 'radio', 'string'],
      ['alive', 'checkbox', 'boolean'],
      ['contact', 'email', 'string'],
    ]);
    expect(res.body.fields[0]).toEqual({
      name: 'surname',
      label: 'Surname',
      type: 'text',
      dataType: 'string',
      required: true,
      help: 'As spelled, even if misspelled',
      rules: { maxLength: 40, pattern: '-?[A-Z][a-z]+', patternMessage: 'Capitalised, e.g. Smith' },
    });
    expect(res.body.fields[1]).toMatchObject({ unit: 'years', rules: { min: -1, max: 120, integer: true } });
    expect(res.body.fields[5]).toMatchObject({
      choices: [
        { code: 1, label: 'North' },
        { code: 2, label: 'South | East' },
      ],
      allowOther: true,
    });
    expect(res.body.fields[6]).toMatchObject({ allowOther: false });
  });

  it('gives the CSV one row per data field under the codebook columns', async () => {
    const owner = await person(server);
    const form = await richForm(owner.client);
    const res = await owner.client.get(`/api/forms/${form.id}/codebook?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'name,label,type,data_type,required,choices,allow_other,min,max,integer,min_length,max_length,pattern,pattern_message,earliest,latest,no_future,unit,help',
    );
    expect(lines).toHaveLength(10);
    // A cell a spreadsheet would run as a formula is written with an apostrophe.
    expect(lines[1]).toBe(
      `surname,Surname,text,string,true,,,,,,,40,'-?[A-Z][a-z]+,"Capitalised, e.g. Smith",,,,,"As spelled, even if misspelled"`,
    );
    expect(lines[2]).toBe("age,Age,number,integer,false,,,'-1,120,true,,,,,,,,years,");
    expect(lines[4]).toBe('date_of_birth,Date of birth,date,date,false,,,,,,,,,,1800-01-01,,true,,');
    expect(lines[6]).toBe('parish,Parish,select,string,false,1=North|2=South | East,true,,,,,,,,,,,,');
  });

  it('answers the form’s managers only', async () => {
    const owner = await person(server);
    const form = await richForm(owner.client);
    const stranger = await person(server);
    expect((await stranger.client.get(`/api/forms/${form.id}/codebook`)).status).toBe(404);
    const bad = await owner.client.get(`/api/forms/${form.id}/codebook?format=xml`);
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/forms/import-codebook', () => {
  it('round trip: a form made from the JSON codebook has the same fields and settings', async () => {
    const owner = await person(server);
    const form = await richForm(owner.client);
    const codebook = await owner.client.get(`/api/forms/${form.id}/codebook?format=json`);
    const colleague = await person(server);
    const imported = await importCodebook(colleague.client, codebook.text, 'whatever.json');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      name: 'Parish register',
      description: 'Baptisms 1850-1900',
      instructions: 'One line per child',
      requiredEntriesPerImage: 2,
      isOwner: true,
    });
    expect(described(imported.body.fields)).toEqual(described(form.fields));
    const again = await colleague.client.get<Codebook>(`/api/forms/${imported.body.id}/codebook`);
    expect(again.text).toBe(codebook.text);
  });

  it('round trip: a form made from the CSV codebook has the same fields, named after the file', async () => {
    const owner = await person(server);
    const form = await richForm(owner.client);
    const csv = await owner.client.get(`/api/forms/${form.id}/codebook?format=csv`);
    const colleague = await person(server);
    const imported = await importCodebook(colleague.client, csv.text, 'Register 1851.csv');
    expect(imported.status).toBe(201);
    expect(imported.body.name).toBe('Register 1851');
    expect(described(imported.body.fields)).toEqual(described(form.fields));
  });

  it('refuses a file that is not a codebook, names a field’s problem, and keeps the plan’s form limit', async () => {
    const user = await createUser();
    const client = server.client();
    await signIn(client, user);
    for (const [text, name] of [
      ['not,a,codebook\r\n1,2,3\r\n', 'list.csv'],
      ['{"hello": 1}', 'x.json'],
      ['{ broken', 'x.json'],
      ['', 'empty.csv'],
    ] as const) {
      const res = await importCodebook(client, text, name);
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ message: CODEBOOK_UNREADABLE });
    }
    const badRule = await importCodebook(client, 'name,label,type,min,max\r\nage,Age,number,10,5\r\n', 'a.csv');
    expect(badRule.status).toBe(400);
    expect(badRule.body).toMatchObject({ message: 'Minimum is above maximum' });
    const badName = await importCodebook(client, 'name,label,type\r\nAge!,Age,number\r\n', 'a.csv');
    expect(badName.body).toMatchObject({ message: expect.stringContaining('A column name starts with a letter') });

    const first = await importCodebook(client, 'name,label,type\r\nage,Age,number\r\n', 'first.csv');
    expect(first.status).toBe(201);
    const second = await importCodebook(client, 'name,label,type\r\nage,Age,number\r\n', 'second.csv');
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ message: MESSAGES.activeFormLimitReached, upgrade: true });
  });

  it('refuses signed-out callers', async () => {
    const res = await importCodebook(server.client(), 'name,label,type\r\nage,Age,number\r\n', 'a.csv');
    expect(res.status).toBe(401);
  });
});
