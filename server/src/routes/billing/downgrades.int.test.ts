import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@formscribe/common/messages';
import type { BillingHistoryResponse, DowngradeValidation } from '@formscribe/common/schemas/billing';
import type { UserResponse } from '@formscribe/common/schemas/user';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form } from '../../models/index.ts';
import { dropToFree } from '../../services/billing/dropToFree.ts';
import { subscribeAndPay } from '../../test/billingFixtures.ts';
import { addImages, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { uploadImage } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const activeFormIds = async (ownerId: number) =>
  (await Form.query().where({ createdById: ownerId, isActive: true }).orderBy('id')).map((form) => form.id);

describe('downgrade validation', () => {
  it('asks for forms to deactivate, refuses until enough are, then downgrades without deleting any', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'professional');
    const forms = [];
    for (const name of ['Parish 1851', 'Parish 1861', 'Parish 1871']) {
      forms.push(await createForm(user, { name }));
    }

    const asked = await client.post<DowngradeValidation>('/api/downgrade-subscription', {
      planId: 'free',
      validateOnly: true,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ needsFormSelection: true, formsRequired: 2 });
    expect(asked.body.errors).toEqual([
      'You have 3 active forms; the Free plan allows 1. Deactivate at least 2 forms to downgrade.',
    ]);
    expect(asked.body.formsToDeactivate.map((form) => form.name).sort()).toEqual([
      'Parish 1851',
      'Parish 1861',
      'Parish 1871',
    ]);
    expect(asked.body.formsToDeactivate[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      description: null,
      createdAt: expect.any(String),
      organizationName: null,
    });
    // Asking changed nothing.
    expect((await client.get<UserResponse>('/api/user')).body.subscriptionStatus).toBe('professional');

    const refused = await client.post('/api/downgrade-subscription', { planId: 'free' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ needsFormSelection: true, formsRequired: 2 });
    expect((await client.get<UserResponse>('/api/user')).body.subscriptionStatus).toBe('professional');

    const [first, second, third] = forms.map((form) => form.id);
    expect((await client.post('/api/forms/deactivate-multiple', { formIds: [first] })).status).toBe(200);
    expect((await client.post('/api/downgrade-subscription', { planId: 'free' })).status).toBe(400);
    expect((await client.post('/api/forms/deactivate-multiple', { formIds: [second] })).status).toBe(200);
    const ok = await client.post<DowngradeValidation>('/api/downgrade-subscription', {
      planId: 'free',
      validateOnly: true,
    });
    expect(ok.body).toEqual({
      needsFormSelection: false,
      formsToDeactivate: [],
      formsRequired: 0,
      errors: [],
      message: MESSAGES.downgradeAllowed,
    });
    const done = await client.post('/api/downgrade-subscription', { planId: 'free' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: MESSAGES.downgradeCompleted, plan: 'free' });

    expect(await activeFormIds(user.id)).toEqual([third]);
    expect(await Form.query().where({ createdById: user.id }).resultSize()).toBe(3);
    const history = (await client.get<BillingHistoryResponse>('/api/billing-history')).body.invoices;
    expect(history.map((row) => row.type)).toEqual(['credit', 'payment']);
  });

  it('starter → free with one active form needs no selection', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'starter');
    await createForm(user);
    await createForm(user, { isActive: false });
    const asked = await client.post<DowngradeValidation>('/api/downgrade-subscription', {
      planId: 'free',
      validateOnly: true,
    });
    expect(asked.body.needsFormSelection).toBe(false);
    expect((await client.post('/api/downgrade-subscription', { planId: 'free' })).status).toBe(200);
  });
});

/** Noise does not compress: a photo of about 3 MB, between the free plan's 2.5 MB and starter's 5 MB. */
function threeMegabyteJpeg(): Promise<Buffer> {
  const width = 1800;
  const height = 1600;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('uploads follow the plan', () => {
  it('after a downgrade to free, the free plan’s image count and size limits hold', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'starter');
    const form = await createForm(user);
    await addImages(form, 50);
    const small = await makeJpeg({ width: 200, height: 150 });
    expect((await uploadImage(client, form.id, small)).status).toBe(201); // starter: 100 per form
    const big = await threeMegabyteJpeg();
    expect(big.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const bigForm = await createForm(user, { name: 'Big pages' });
    expect((await uploadImage(client, bigForm.id, big)).status).toBe(201); // starter: 5 MB
    await Form.query().patch({ isActive: false }).findById(bigForm.id);

    expect((await client.post('/api/downgrade-subscription', { planId: 'free' })).status).toBe(200);
    const refused = await uploadImage(client, form.id, small);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ upgrade: true, limit: 50, plan: 'free' });
    // Only an active form takes images: the free plan's one active form is now the other one.
    expect((await client.patch(`/api/forms/${form.id}`, { isActive: false })).status).toBe(200);
    expect((await client.patch(`/api/forms/${bigForm.id}`, { isActive: true })).status).toBe(200);
    const tooBig = await uploadImage(client, bigForm.id, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ upgrade: true, limit: 2.5, plan: 'free' });
  });
});

describe('the drop to free (a subscription ended or stayed unpaid)', () => {
  it('keeps the most recently updated form active, deactivates the rest and mails the owner', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'professional');
    const older = await createForm(user, { name: 'Older' });
    const newest = await createForm(user, { name: 'Newest' });
    const middle = await createForm(user, { name: 'Middle' });
    const now = Date.now();
    await Form.query()
      .patch({ updatedAt: new Date(now - 3000) })
      .findById(older.id);
    await Form.query()
      .patch({ updatedAt: new Date(now - 2000) })
      .findById(middle.id);
    await Form.query()
      .patch({ updatedAt: new Date(now - 1000) })
      .findById(newest.id);

    const result = await dropToFree(server.deps, user.id, 'unpaid');
    expect(result).toEqual({ dropped: true, previousPlan: 'professional', deactivatedFormIds: [middle.id, older.id] });
    expect(await activeFormIds(user.id)).toEqual([newest.id]);
    expect(await Form.query().where({ createdById: user.id }).resultSize()).toBe(3);
    const me = (await client.get<UserResponse>('/api/user')).body;
    expect([me.subscriptionStatus, me.activeFormLimit, me.imageCountLimitPerForm, me.imageSizeLimitMB]).toEqual([
      'free',
      1,
      50,
      2.5,
    ]);
    expect((await client.get('/api/subscription-status')).body).toMatchObject({ status: 'unpaid', plan: 'free' });

    const mail = await server.smtp.waitFor(user.username, 'subscription has ended');
    expect(mail.decoded).toContain('Your Professional subscription could not be paid');
    expect(mail.decoded).toContain('2 of your forms were deactivated');
    expect(mail.decoded).toContain('Nothing was deleted');
    expect(mail.decoded).toContain(`${server.url}/billing`);

    // Already free: nothing more happens, and nobody is mailed twice.
    expect((await dropToFree(server.deps, user.id, 'canceled')).dropped).toBe(false);
  });
});
