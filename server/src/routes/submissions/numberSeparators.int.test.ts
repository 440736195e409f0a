/**
 * Numbers agree only when they mean the same: a comma is a thousands separator only in
 * well-formed groups, unless the owner made it the field's decimal mark.
 */
import type { FieldVariants } from '@formscribe/common/schemas/disagreement';
import type { FormResponse, ImageResponse } from '@formscribe/common/schemas/form';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue, FormImage, FormSubmission } from '../../models/index.ts';
import { addImages, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Created = SubmissionResponse & { imageState: ImageResponse };

const POINT_HINT = 'Amount: use a point for decimals (1.5), or commas only between groups of three digits (1,500)';
const COMMA_HINT = 'Amount: use a comma for decimals (1,5), or points only between groups of three digits (1.500)';

/** A form with one number field 'Amount', as its owner saved it through the builder's autosave. */
async function amountForm(options: { threshold: number; decimalSeparator?: 'point' | 'comma' }) {
  const owner = await person(server);
  const form = await createForm(owner.user, { requiredEntriesPerImage: options.threshold });
  const field = { id: 'amount', type: 'number', label: 'Amount', order: 0, decimalSeparator: options.decimalSeparator };
  const saved = await owner.client.patch<FormResponse>(`/api/forms/${form.id}`, { fields: [field] });
  expect(saved.status).toBe(200);
  const [image] = await addImages(form, 1);
  if (!image) throw new Error('no image');
  return { owner, form, image, savedFields: saved.body.fields };
}

describe('number fields with point decimals (the default)', () => {
  it("refuses '1,5' with a message naming the field, and stores nothing", async () => {
    const { form, image } = await amountForm({ threshold: 1 });
    const contributor = await person(server, form);
    const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { amount: '1,5' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: POINT_HINT, fieldId: 'amount' });
    expect(await FormSubmission.query().where({ imageId: image.id }).resultSize()).toBe(0);
    expect(await FieldValue.query().where({ imageId: image.id }).resultSize()).toBe(0);
    expect(await FormImage.query().findById(image.id)).toMatchObject({ entryCount: 0, verifiedFieldCount: 0 });
  });

  it("'1,500' and '1500' verify 1,500, as the first contributor wrote it", async () => {
    const { form, image } = await amountForm({ threshold: 2 });
    const statuses = [];
    for (const amount of ['1,500', '1500']) {
      const contributor = await person(server, form);
      const res = await contributor.client.post<Created>(`/api/forms/${form.id}/submissions`, {
        imageId: image.id,
        data: { amount },
      });
      expect(res.status).toBe(201);
      statuses.push(res.body.imageState.fieldVerificationStatus.amount);
    }
    expect(statuses).toEqual([
      { isVerified: false, verifiedValue: null },
      { isVerified: true, verifiedValue: '1,500' },
    ]);
  });
});

describe('number fields with comma decimals', () => {
  it('keeps the setting the owner saved', async () => {
    const { savedFields } = await amountForm({ threshold: 1, decimalSeparator: 'comma' });
    expect(savedFields[0]).toMatchObject({ id: 'amount', decimalSeparator: 'comma' });
  });

  it("reads '1,5' as 1.5, agreeing with '1,50'; refuses '1.5', where a point only groups thousands", async () => {
    const { owner, form, image } = await amountForm({ threshold: 3, decimalSeparator: 'comma' });
    const refused = await (await person(server, form)).client.post(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { amount: '1.5' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: COMMA_HINT, fieldId: 'amount' });

    for (const amount of ['1,5', '15', '1,50']) {
      const contributor = await person(server, form);
      const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
        imageId: image.id,
        data: { amount },
      });
      expect(res.status).toBe(201);
    }
    // Two of three agree on 1.5, short of the threshold: the owner's variants group them, 15 apart.
    const view = await owner.client.get<{ fields: FieldVariants[] }>(`/api/images/${image.id}/variants`);
    const amount = view.body.fields.find((field) => field.fieldId === 'amount');
    expect(amount?.variants.map((variant) => [variant.value, variant.count])).toEqual([
      ['1,5', 2],
      ['15', 1],
    ]);
  });

  it("'1.500,25' and '1500,25' verify as written first; '1.500' is 1500, not 1.5", async () => {
    const { form, image } = await amountForm({ threshold: 2, decimalSeparator: 'comma' });
    let last: Created | undefined;
    for (const amount of ['1.500,25', '1500,25']) {
      const contributor = await person(server, form);
      last = (
        await contributor.client.post<Created>(`/api/forms/${form.id}/submissions`, {
          imageId: image.id,
          data: { amount },
        })
      ).body;
    }
    expect(last?.imageState.fieldVerificationStatus.amount).toEqual({ isVerified: true, verifiedValue: '1.500,25' });

    const [second] = await addImages(form, 1);
    if (!second) throw new Error('no image');
    for (const amount of ['1.500', '1500']) {
      const contributor = await person(server, form);
      last = (
        await contributor.client.post<Created>(`/api/forms/${form.id}/submissions`, {
          imageId: second.id,
          data: { amount },
        })
      ).body;
    }
    expect(last?.imageState.fieldVerificationStatus.amount).toEqual({ isVerified: true, verifiedValue: '1.500' });
  });
});
