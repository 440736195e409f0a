/**
 * Images verified before verified values kept their written form hold comparison forms
 * (`12000.5`, `7`). The migration rewrites them without the owner doing anything.
 */
import type { ConsolidatedResponse } from '@formscribe/common/schemas/consolidated';
import type { FieldVariants } from '@formscribe/common/schemas/disagreement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as rewriteVerifiedValues } from '../../../migrations/20261202000200_verified_values_as_entered.ts';
import { FieldResolution, Form, FormImage } from '../../models/index.ts';
import { addImages, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const FIELDS = [
  { id: 'ref', type: 'number', label: 'Reference', order: 0 },
  { id: 'amount', type: 'number', label: 'Amount', order: 1 },
  { id: 'notes', type: 'textarea', label: 'Notes', order: 2 },
];

/** What the image row held before: the comparison form of every verified value. */
const OLD_STATUS = {
  ref: { isVerified: true, verifiedValue: '7' },
  amount: { isVerified: true, verifiedValue: '12000.5' },
  notes: { isVerified: true, verifiedValue: 'first line second line' },
};

describe('migration: verified values as entered', () => {
  it('rewrites stored comparison forms as the written forms, and accepted values too', async () => {
    const owner = await person(server);
    const form = await createForm(owner.user, { fields: FIELDS, requiredEntriesPerImage: 2 });
    const [image] = await addImages(form, 1);
    if (!image) throw new Error('no image');
    const typed = [
      { ref: '007', amount: '12000.5', notes: 'first line\nsecond line' },
      { ref: '007', amount: '0012,000.50', notes: 'first line\nsecond line' },
      { ref: '8', amount: '0012,000.50', notes: 'first line second line' },
    ];
    for (const data of typed) {
      const contributor = await person(server, form);
      await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data });
    }
    // Reference: the owner had accepted 7 where entries disagreed (with a threshold of 3).
    await Form.query().findById(form.id).patch({ requiredEntriesPerImage: 3 });
    await FieldResolution.query().insert({
      imageId: image.id,
      fieldId: 'ref',
      value: '7',
      resolvedById: owner.user.id,
    });
    await FormImage.query()
      .findById(image.id)
      .patch({ fieldStatus: OLD_STATUS, verifiedFieldCount: 3, isComplete: true });
    const before = await FormImage.query().findById(image.id);

    await server.knex.transaction((trx) => rewriteVerifiedValues(trx));

    const consolidated = await owner.client.get<ConsolidatedResponse>(`/api/forms/${form.id}/consolidated-data`);
    expect(consolidated.body.rows[0]).toMatchObject({
      field_Reference: '007',
      field_Amount: '0012,000.50',
      field_Notes: 'first line\nsecond line',
    });
    const variants = await owner.client.get<{ fields: FieldVariants[] }>(`/api/images/${image.id}/variants`);
    expect(variants.body.fields.find((f) => f.fieldId === 'ref')?.resolution?.value).toBe('007');
    // Only the spelling changed: what is verified, the counts and completion stay as they were.
    const after = await FormImage.query().findById(image.id);
    expect(after).toMatchObject({
      verifiedFieldCount: before?.verifiedFieldCount,
      isComplete: before?.isComplete,
      completedAt: before?.completedAt,
      exportedAt: before?.exportedAt,
    });
  });

  it('leaves a stored value alone when the entries no longer agree on it', async () => {
    const owner = await person(server);
    const form = await createForm(owner.user, { fields: FIELDS, requiredEntriesPerImage: 1 });
    const [image] = await addImages(form, 1);
    if (!image) throw new Error('no image');
    const contributor = await person(server, form);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { ref: '9', amount: '0012,000.50', notes: 'x' },
    });
    await FormImage.query().findById(image.id).patch({ fieldStatus: OLD_STATUS });

    await server.knex.transaction((trx) => rewriteVerifiedValues(trx));

    const after = await FormImage.query().findById(image.id);
    expect(after?.fieldStatus).toEqual({
      ref: { isVerified: true, verifiedValue: '7' },
      amount: { isVerified: true, verifiedValue: '0012,000.50' },
      notes: { isVerified: true, verifiedValue: 'first line second line' },
    });
  });
});
