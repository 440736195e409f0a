/**
 * Field rules over HTTP: a value that breaks one is refused naming the field, unless the entry
 * marks it "as written on the page"; the marks need agreement like values and flag the verified
 * value for the owner; a rule change over existing entries says how many break it and rewrites
 * nothing; a change that consensus does not read starts no form-wide recompute.
 */
import type { ConsolidatedResponse } from '@formscribe/common/schemas/consolidated';
import type { ImageResponse, UpdateFormResponse } from '@formscribe/common/schemas/form';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue, type Form, FormImage, FormSubmission } from '../../models/index.ts';
import { addImages, type Person, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Created = SubmissionResponse & { imageState: ImageResponse };

const AGE_RULE_MESSAGE = 'Age must be at most 120';
const fieldsWithAgeRules = (rules: Record<string, unknown>, label = 'Age') => [
  { id: 'name', type: 'text', label: 'Name', order: 0 },
  { id: 'age', type: 'number', label, order: 1, rules },
];

/** A form whose owner saved an age rule through the builder's PATCH, with images to enter. */
async function ruledForm(threshold: number, images = 1) {
  const owner = await person(server);
  const form = await createForm(owner.user, { requiredEntriesPerImage: threshold });
  const saved = await owner.client.patch(`/api/forms/${form.id}`, { fields: fieldsWithAgeRules({ min: 0, max: 120 }) });
  expect(saved.status).toBe(200);
  return { owner, form, images: await addImages(form, images) };
}

function enter(contributor: Person, form: Form, imageId: number, data: Record<string, unknown>, asWritten?: string[]) {
  return contributor.client.post<Created>(`/api/forms/${form.id}/submissions`, { imageId, data, asWritten });
}

async function firstImage(form: Form, images: FormImage[]) {
  const image = images[0];
  if (!image) throw new Error(`form ${form.id} has no image`);
  return image;
}

describe('entries under field rules', () => {
  it('refuses a rule break with 400 naming the field, and stores nothing', async () => {
    const { form, images } = await ruledForm(1);
    const image = await firstImage(form, images);
    const res = await enter(await person(server, form), form, image.id, { name: 'Ann', age: '430' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: AGE_RULE_MESSAGE, fieldId: 'age' });
    expect(await FormSubmission.query().where({ imageId: image.id }).resultSize()).toBe(0);
    expect(await FieldValue.query().where({ imageId: image.id }).resultSize()).toBe(0);
    expect(await FormImage.query().findById(image.id)).toMatchObject({ entryCount: 0, verifiedFieldCount: 0 });
  });

  it('accepts the value marked as written on the page and keeps the mark on the entry', async () => {
    const { owner, form, images } = await ruledForm(1);
    const image = await firstImage(form, images);
    const res = await enter(await person(server, form), form, image.id, { name: 'Ann', age: '430' }, ['age', 'name']);
    expect(res.status).toBe(201);
    // The mark on 'name' breaks no rule, so it is not kept.
    expect(res.body).toMatchObject({ data: { name: 'Ann', age: '430' }, asWritten: ['age'] });
    const read = await owner.client.get<SubmissionResponse>(`/api/submissions/${res.body.id}`);
    expect(read.body.asWritten).toEqual(['age']);
  });

  it('refuses a mark on a field the form does not have', async () => {
    const { form, images } = await ruledForm(1);
    const image = await firstImage(form, images);
    const res = await enter(await person(server, form), form, image.id, { age: '43' }, ['ghost']);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Unknown field: ghost', fieldId: 'ghost' });
  });
});

describe('"as written" through consensus', () => {
  it('two entries that mark the same value verify it with the flag the owner sees', async () => {
    const { owner, form, images } = await ruledForm(2);
    const image = await firstImage(form, images);
    await enter(await person(server, form), form, image.id, { name: 'Ann', age: '430' }, ['age']);
    const second = await enter(await person(server, form), form, image.id, { name: 'Ann', age: '430' }, ['age']);
    expect(second.status).toBe(201);
    expect(second.body.imageState.fieldVerificationStatus).toEqual({
      name: { isVerified: true, verifiedValue: 'Ann' },
      age: { isVerified: true, verifiedValue: '430', asWritten: true },
    });
    const data = await owner.client.get<ConsolidatedResponse>(`/api/forms/${form.id}/consolidated-data`);
    expect(data.body.rows[0]).toMatchObject({
      field_Age: '430',
      field_Age_status: 'verified',
      field_Age_as_written: true,
    });
    expect(data.body.rows[0]).not.toHaveProperty('field_Name_as_written');
  });

  it('one value marked as written and a different one agree on nothing', async () => {
    const { form, images } = await ruledForm(2);
    const image = await firstImage(form, images);
    await enter(await person(server, form), form, image.id, { name: 'Ann', age: '430' }, ['age']);
    const second = await enter(await person(server, form), form, image.id, { name: 'Ann', age: '43' });
    expect(second.status).toBe(201);
    expect(second.body.imageState.fieldVerificationStatus.age).toEqual({ isVerified: false, verifiedValue: null });
  });
});

/** Jobs of the form-wide recompute queued for the form, in any state. */
async function recomputesQueued(formId: number): Promise<number> {
  let total = 0;
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    const { rows } = await FormImage.knex().raw(
      `SELECT count(*)::int AS n FROM ${table} WHERE name = 'recompute-form' AND data->>'formId' = ?`,
      [String(formId)],
    );
    total += rows[0].n;
  }
  return total;
}

describe('a rule change over existing entries', () => {
  it('answers how many entered values break it, leaving out marked ones, and rewrites nothing', async () => {
    const { owner, form, images } = await ruledForm(1, 3);
    const widen = await owner.client.patch(`/api/forms/${form.id}`, { fields: fieldsWithAgeRules({ max: 300 }) });
    expect(widen.status).toBe(200);
    const entries: [string, string[]][] = [
      ['430', ['age']], // marked: the page says so
      ['200', []],
      ['30', []],
    ];
    for (const [index, [age, marks]] of entries.entries()) {
      const image = images[index];
      if (!image) throw new Error('missing image');
      expect((await enter(await person(server, form), form, image.id, { name: 'Ann', age }, marks)).status).toBe(201);
    }
    const before = await FormImage.query().where({ formId: form.id }).orderBy('id');
    const queuedBefore = await recomputesQueued(form.id);

    const narrowed = await owner.client.patch<UpdateFormResponse>(`/api/forms/${form.id}`, {
      fields: fieldsWithAgeRules({ max: 120 }, 'Age at arrival'),
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.ruleBreaks).toEqual([{ fieldId: 'age', count: 1 }]);
    const after = await FormImage.query().where({ formId: form.id }).orderBy('id');
    expect(after.map((image) => image.fieldStatus)).toEqual(before.map((image) => image.fieldStatus));
    expect(after.map((image) => image.fieldStatus.age?.verifiedValue)).toEqual(['430', '200', '30']);
    // Rules and a label are not what consensus reads: no form-wide recompute was started.
    expect(await recomputesQueued(form.id)).toBe(queuedBefore);
  });

  it('answers no ruleBreaks when nothing breaks the new rules, and a type change still recomputes', async () => {
    const { owner, form, images } = await ruledForm(1);
    const image = await firstImage(form, images);
    await enter(await person(server, form), form, image.id, { name: 'Ann', age: '30' });
    const queuedBefore = await recomputesQueued(form.id);
    const stricter = await owner.client.patch<UpdateFormResponse>(`/api/forms/${form.id}`, {
      fields: fieldsWithAgeRules({ min: 18, max: 120 }),
    });
    expect(stricter.body).not.toHaveProperty('ruleBreaks');
    const retyped = await owner.client.patch(`/api/forms/${form.id}`, {
      fields: [
        { id: 'name', type: 'textarea', label: 'Name', order: 0 },
        { id: 'age', type: 'number', label: 'Age', order: 1 },
      ],
    });
    expect(retyped.status).toBe(200);
    expect(await recomputesQueued(form.id)).toBeGreaterThan(queuedBefore);
  });
});
