import type { ImageResponse } from '@formscribe/common/schemas/form';
import {
  ALREADY_SUBMITTED,
  BLOCKED_FROM_FORM,
  DATA_ENTRY_PAUSED,
  FORM_NOT_ACTIVE,
  type SubmissionResponse,
} from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue, Form, FormImage, FormSubmission, FormUserBlock } from '../../models/index.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Created = SubmissionResponse & { imageState: ImageResponse };
const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

describe('POST /api/forms/{id}/submissions', () => {
  it('stores the entry, its field values and the image’s new consensus in one go', async () => {
    const { form, images } = await censusForm(server);
    const contributor = await person(server, form);
    const image = images[0];
    if (!image) throw new Error('no image');
    const res = await contributor.client.post<Created>(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { ...entry, name: '  Anna Smith ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Anna Smith', parish: 'North', alive: true });
    expect(res.body.imageState).toMatchObject({
      entryCount: 1,
      totalFieldCount: 5,
      verifiedFieldCount: 5,
      isComplete: true,
      fieldVerificationStatus: { name: { isVerified: true, verifiedValue: 'Anna Smith' } },
    });
    const values = await FieldValue.query().where({ submissionId: res.body.id }).orderBy('fieldName');
    expect(values.map((v) => [v.fieldName, v.value])).toEqual([
      ['age', '30'],
      ['alive', 'true'],
      ['born', '1890|3|'],
      ['name', 'Anna Smith'],
      ['parish', 'North'],
    ]);
  });

  it('with threshold 2, a field is verified only when a second person agrees', async () => {
    const { form, images } = await censusForm(server, { threshold: 2 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const first = await person(server, form);
    const second = await person(server, form);
    await first.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    const afterFirst = await FormImage.query().findById(image.id);
    expect(afterFirst).toMatchObject({ entryCount: 1, verifiedFieldCount: 0, isComplete: false });
    const res = await second.client.post<Created>(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { ...entry, age: '31', born: '1890|03|' },
    });
    expect(res.body.imageState.fieldVerificationStatus).toMatchObject({
      name: { isVerified: true, verifiedValue: 'Anna Smith' },
      age: { isVerified: false, verifiedValue: null },
      // The two wrote the date differently; the value kept is the one entered first, as typed.
      born: { isVerified: true, verifiedValue: '1890|3|' },
    });
    expect(res.body.imageState).toMatchObject({ entryCount: 2, verifiedFieldCount: 4, isComplete: false });
  });

  it('refuses a second entry for the same image, also under 20 parallel tries', async () => {
    const { form, images } = await censusForm(server);
    const image = images[1];
    if (!image) throw new Error('no image');
    const contributor = await person(server, form);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const duplicates = results.filter((r) => r.status === 409);
    expect(duplicates).toHaveLength(19);
    expect(duplicates[0]?.body).toEqual({ message: ALREADY_SUBMITTED });
    expect(await FormSubmission.query().where({ imageId: image.id }).resultSize()).toBe(1);
    expect((await FormImage.query().findById(image.id))?.entryCount).toBe(1);
  });

  it('entries by 8 people at once on one image all count in its stored figures', async () => {
    const { form, images } = await censusForm(server, { threshold: 2 });
    const image = images[2];
    if (!image) throw new Error('no image');
    const people = await Promise.all(Array.from({ length: 8 }, () => person(server, form)));
    const results = await Promise.all(
      people.map((p, i) =>
        p.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { ...entry, age: `${30 + i}` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(people.map(() => 201));
    const stored = await FormImage.query().findById(image.id);
    const newest = await FormSubmission.query().where({ imageId: image.id }).orderBy('submittedAt', 'desc').first();
    expect(stored).toMatchObject({ entryCount: 8, verifiedFieldCount: 4, lastSubmissionAt: newest?.submittedAt });
    expect(stored?.fieldStatus.age).toEqual({ isVerified: false, verifiedValue: null });
  });

  it.each([
    [{ bogus: 'x', name: 'A' }, 'Unknown field: bogus'],
    [{ gap: 'x', name: 'A' }, 'Unknown field: gap'],
    [{ name: 'A', age: 'thirty' }, 'Age must be a number'],
    [{ name: 'A', born: '1890|13|' }, 'Born must be a date or a partial date'],
    [{ name: 'A', born: '1890-02-30' }, 'Born must be a date or a partial date'],
    [{ name: 'A', parish: 'East' }, 'Parish must be one of its options'],
    [{ name: 'A', alive: 'yes' }, 'Alive must be ticked or not'],
    [{ name: { nested: true } }, 'Name has a value of the wrong kind'],
    [{ name: '   ' }, 'Name is required'],
    [{ age: '3' }, 'Name is required'],
    [{ name: 'Anna\u0000Smith' }, 'Text must not contain NUL characters'],
  ])('refuses %j with "%s" and stores nothing', async (data, message) => {
    const { form, images } = await censusForm(server);
    const contributor = await person(server, form);
    const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect(await FormSubmission.query().where({ formId: form.id }).resultSize()).toBe(0);
  });

  it('by role: owner may enter, a user without access gets 404, signed out 401, images of other forms 404', async () => {
    const { owner, form, images } = await censusForm(server);
    const other = await censusForm(server);
    const stranger = await person(server);
    const contributor = await person(server, form);
    const path = `/api/forms/${form.id}/submissions`;
    expect((await owner.client.post(path, { imageId: images[0]?.id, data: entry })).status).toBe(201);
    expect((await stranger.client.post(path, { imageId: images[0]?.id, data: entry })).status).toBe(404);
    expect((await server.client().post(path, { imageId: images[0]?.id, data: entry })).status).toBe(401);
    const foreign = await contributor.client.post(path, { imageId: other.images[0]?.id, data: entry });
    expect(foreign.status).toBe(404);
    // …and nothing was written on that image (its entry and its lease are untouched).
    expect(
      await FormSubmission.query()
        .where({ imageId: other.images[0]?.id ?? 0 })
        .resultSize(),
    ).toBe(0);
    expect((await contributor.client.post(path, { data: entry })).status).toBe(400);
  });

  it('refuses blocked users, inactive forms and paused data entry with clear messages', async () => {
    const { owner, form, images } = await censusForm(server);
    const blocked = await person(server, form);
    await FormUserBlock.query().insert({ formId: form.id, userId: blocked.user.id, blockedById: owner.user.id });
    const path = `/api/forms/${form.id}/submissions`;
    const refused = await blocked.client.post(path, { imageId: images[0]?.id, data: entry });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: BLOCKED_FROM_FORM });

    const contributor = await person(server, form);
    await Form.query().findById(form.id).patch({ dataEntryActive: false });
    expect((await contributor.client.post(path, { imageId: images[0]?.id, data: entry })).body).toMatchObject({
      message: DATA_ENTRY_PAUSED,
    });
    await Form.query().findById(form.id).patch({ dataEntryActive: true, isActive: false });
    expect((await contributor.client.post(path, { imageId: images[0]?.id, data: entry })).body).toMatchObject({
      message: FORM_NOT_ACTIVE,
    });
    expect(await FormSubmission.query().where({ formId: form.id }).resultSize()).toBe(0);
  });
});

describe('GET and DELETE /api/submissions/{id}', () => {
  it('the submitter and managers read it; only managers delete it, and the image is recomputed', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const a = await person(server, form);
    const b = await person(server, form);
    await a.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    const second = await b.client.post<Created>(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: entry,
    });
    expect(second.body.imageState.isComplete).toBe(true);

    const path = `/api/submissions/${second.body.id}`;
    const read = await owner.client.get<SubmissionResponse>(path);
    expect(read.body).toMatchObject({
      user: { id: b.user.id },
      image: { id: image.id, originalName: image.originalName },
      form: { id: form.id },
    });
    expect((await b.client.get(path)).status).toBe(200);
    expect((await a.client.get(path)).status).toBe(404);
    expect((await b.client.delete(path)).status).toBe(403);
    expect((await a.client.delete(path)).status).toBe(404);

    expect((await owner.client.delete(path)).status).toBe(204);
    expect(await FormImage.query().findById(image.id)).toMatchObject({
      entryCount: 1,
      verifiedFieldCount: 0,
      isComplete: false,
    });
    expect(await FieldValue.query().where({ submissionId: second.body.id }).resultSize()).toBe(0);
    expect((await owner.client.get(path)).status).toBe(404);
  });
});

describe('changing the verification rules', () => {
  it('recomputes every image of the form in a job when the threshold changes', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const contributor = await person(server, form);
    for (const image of images) {
      await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    }
    expect((await FormImage.query().where({ formId: form.id })).every((i) => i.isComplete)).toBe(true);
    await owner.client.patch(`/api/forms/${form.id}`, { requiredEntriesPerImage: 2 });
    await expect
      .poll(async () => (await FormImage.query().where({ formId: form.id, isComplete: false })).length, {
        timeout: 10_000,
      })
      .toBe(2);
    await owner.client.patch(`/api/forms/${form.id}`, { requiredEntriesPerImage: 1 });
    await expect
      .poll(async () => (await FormImage.query().where({ formId: form.id, isComplete: true })).length, {
        timeout: 10_000,
      })
      .toBe(2);
  });
});
