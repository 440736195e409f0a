import type { FieldVariants } from '@formscribe/common/schemas/disagreement';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { acceptVariant } from '../../services/disagreements/fieldVariants.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('resolving disagreements', () => {
  it('shows every variant with who entered it; accepting one verifies the field, withdrawing undoes it', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const a = await person(server, form);
    const b = await person(server, form);
    await a.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { name: 'Anna Smith', age: '30' },
    });
    await b.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { name: 'Anne Smith', age: '30' },
    });

    const view = await owner.client.get<{ image: ImageResponse; fields: FieldVariants[] }>(
      `/api/images/${image.id}/variants`,
    );
    const name = view.body.fields.find((f) => f.fieldId === 'name');
    expect(name).toMatchObject({ isVerified: false, resolution: null });
    expect(name?.variants.map((v) => [v.value, v.count, v.submittedBy])).toEqual([
      ['Anna Smith', 1, [a.user.username]],
      ['Anne Smith', 1, [b.user.username]],
    ]);
    expect(view.body.fields.find((f) => f.fieldId === 'age')).toMatchObject({ isVerified: true, verifiedValue: '30' });

    const refused = await owner.client.post(`/api/images/${image.id}/resolutions`, {
      fieldId: 'name',
      value: 'Someone Else',
    });
    expect(refused.status).toBe(400);
    const accepted = await owner.client.post<ImageResponse>(`/api/images/${image.id}/resolutions`, {
      fieldId: 'name',
      value: 'Anne Smith',
    });
    expect(accepted.body.fieldVerificationStatus.name).toEqual({ isVerified: true, verifiedValue: 'Anne Smith' });
    const after = await owner.client.get<{ fields: FieldVariants[] }>(`/api/images/${image.id}/variants`);
    expect(after.body.fields.find((f) => f.fieldId === 'name')?.resolution).toMatchObject({ value: 'Anne Smith' });

    const withdrawn = await owner.client.delete<ImageResponse>(`/api/images/${image.id}/resolutions/name`);
    expect(withdrawn.body.fieldVerificationStatus.name?.isVerified).toBe(false);
    expect((await a.client.get(`/api/images/${image.id}/variants`)).status).toBe(403);
    expect(
      (await a.client.post(`/api/images/${image.id}/resolutions`, { fieldId: 'name', value: 'Anna Smith' })).status,
    ).toBe(403);
  });
});

describe('accepting a value for an image that is gone', () => {
  // The route loads the image first; this is the owner deleting it in another tab meanwhile.
  it('answers 404 Image not found, like every other image route', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const contributor = await person(server, form);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name: 'Ann' } });
    await FormImage.query().deleteById(image.id);

    const accepting = acceptVariant(server.deps, form, image, 'name', 'Ann', owner.user);
    await expect(accepting).rejects.toMatchObject({ status: 404, message: 'Image not found' });
  });
});

describe('written variants', () => {
  it('groups values that count as the same, lists each written form with its count, and accepts one as written', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 4 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const typed = ['0012,000.50', '12000.50', '0012,000.50', '7'];
    const people = [];
    for (const age of typed) {
      const contributor = await person(server, form);
      await contributor.client.post(`/api/forms/${form.id}/submissions`, {
        imageId: image.id,
        data: { name: 'Ann', age },
      });
      people.push(contributor.user.username);
    }
    const [first, second, third, fourth] = people;

    const view = await owner.client.get<{ fields: FieldVariants[] }>(`/api/images/${image.id}/variants`);
    const age = view.body.fields.find((f) => f.fieldId === 'age');
    expect(age?.isVerified).toBe(false);
    expect(age?.variants).toEqual([
      {
        value: '0012,000.50',
        count: 3,
        submittedBy: [first, second, third],
        writtenForms: [
          { value: '0012,000.50', count: 2, submittedBy: [first, third] },
          { value: '12000.50', count: 1, submittedBy: [second] },
        ],
      },
      { value: '7', count: 1, submittedBy: [fourth], writtenForms: [{ value: '7', count: 1, submittedBy: [fourth] }] },
    ]);

    // The comparison form is not something anyone typed.
    const refused = await owner.client.post(`/api/images/${image.id}/resolutions`, {
      fieldId: 'age',
      value: '12000.5',
    });
    expect(refused.status).toBe(400);
    const accepted = await owner.client.post<ImageResponse>(`/api/images/${image.id}/resolutions`, {
      fieldId: 'age',
      value: '12000.50',
    });
    expect(accepted.body.fieldVerificationStatus.age).toEqual({ isVerified: true, verifiedValue: '12000.50' });
    const after = await owner.client.get<{ fields: FieldVariants[] }>(`/api/images/${image.id}/variants`);
    expect(after.body.fields.find((f) => f.fieldId === 'age')?.resolution).toMatchObject({ value: '12000.50' });
  });
});

describe('blocking with entries dropped from consensus', () => {
  it('drops the blocked user’s entries from every image, and unblocking restores them', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const honest = await person(server, form);
    const spammer = await person(server, form);
    for (const p of [honest, spammer]) {
      await p.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name: 'Anna' } });
    }
    const imagePath = `/api/images/${image.id}`;
    expect((await owner.client.get<ImageResponse>(imagePath)).body.fieldVerificationStatus.name?.isVerified).toBe(true);

    const creatorBlock = await owner.client.post(`/api/forms/${form.id}/users/${owner.user.id}/block`, {});
    expect(creatorBlock.status).toBe(400);
    expect((await honest.client.post(`/api/forms/${form.id}/users/${spammer.user.id}/block`, {})).status).toBe(403);

    const blocked = await owner.client.post(`/api/forms/${form.id}/users/${spammer.user.id}/block`, {
      reason: '  copy-paste  ',
      dropEntries: true,
    });
    expect(blocked.body).toEqual({ blocked: true, reason: 'copy-paste', dropEntries: true });
    await expect
      .poll(async () => (await owner.client.get<ImageResponse>(imagePath)).body.entryCount, { timeout: 10_000 })
      .toBe(1);
    expect((await owner.client.get<ImageResponse>(imagePath)).body.fieldVerificationStatus.name?.isVerified).toBe(
      false,
    );
    const refused = await spammer.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: images[1]?.id,
      data: { name: 'x' },
    });
    expect(refused.status).toBe(403);

    await owner.client.post(`/api/forms/${form.id}/users/${spammer.user.id}/unblock`);
    await expect
      .poll(async () => (await owner.client.get<ImageResponse>(imagePath)).body.entryCount, { timeout: 10_000 })
      .toBe(2);
    expect((await owner.client.get<ImageResponse>(imagePath)).body.fieldVerificationStatus.name?.isVerified).toBe(true);
    expect(
      (await spammer.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[1]?.id, data: { name: 'x' } }))
        .status,
    ).toBe(201);
  });
});
