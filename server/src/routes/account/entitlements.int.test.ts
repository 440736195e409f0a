/**
 * What an account may use, as the user answer says it and as the gates hold it: the abilities
 * follow the plan (and the administrator's standing), the administrator's own limits outlive plan
 * changes, and a downgrade lets the account keep what those limits allow. Also the plan column's
 * rolling-restart bridge: a node of the previous release writing users.subscription_status.
 */
import { type Abilities, PLANS, type PlanId } from '@formscribe/common/plans';
import type { AdminUser } from '@formscribe/common/schemas/admin';
import type { DowngradeValidation } from '@formscribe/common/schemas/billing';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form } from '../../models/index.ts';
import { dropToFree } from '../../services/billing/dropToFree.ts';
import { person } from '../../test/entryFixtures.ts';
import { createForm, signedInAdmin } from '../../test/factories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signedInAdmin(server));
});
afterAll(() => server.stop());

const NONE: Abilities = { api: false, insights: false };
const ALL: Abilities = { api: true, insights: true };

async function onPlan(plan: PlanId) {
  const owner = await person(server);
  if (plan !== 'free') await admin.patch(`/api/admin/users/${owner.user.id}`, { subscriptionStatus: plan });
  return owner;
}

const me = async (client: TestClient) => (await client.get<UserResponse>('/api/user')).body;
const limits = (body: UserResponse) => [body.activeFormLimit, body.imageCountLimitPerForm, body.imageSizeLimitMB];

describe('abilities on GET /api/user', () => {
  it.each([
    ['free', NONE],
    ['starter', NONE],
    ['professional', ALL],
  ] as const)('on %s are %o, and the gates agree', async (plan, abilities) => {
    const owner = await onPlan(plan);
    expect((await me(owner.client)).abilities).toEqual(abilities);
    // Creating an API token is what the card offers when `api` is true.
    const created = await owner.client.post('/api/api-tokens', { name: 'Sync', scope: 'read' });
    expect(created.status).toBe(abilities.api ? 201 : 402);
    // Insights of the owner's own form: what the tab shows when `insights` is true.
    const form = await createForm(owner.user);
    const insights = await owner.client.get(`/api/forms/${form.id}/insights/agreement`);
    expect(insights.status).toBe(abilities.insights ? 200 : 402);
  });

  it('gives the super administrator every feature on the free plan', async () => {
    const body = await me(admin);
    expect([body.subscriptionStatus, body.isAdmin, body.abilities]).toEqual(['free', true, ALL]);
  });
});

describe('the administrator’s overrides', () => {
  it('show on GET /api/user, survive plan changes until cleared, and leave the abilities to the plan', async () => {
    const owner = await person(server);
    await admin.patch(`/api/admin/users/${owner.user.id}`, { imageCountLimitPerForm: 77 });
    let body = await me(owner.client);
    expect([...limits(body), body.abilities]).toEqual([PLANS.free.activeForms, 77, PLANS.free.imageSizeMb, NONE]);

    await admin.patch(`/api/admin/users/${owner.user.id}`, { subscriptionStatus: 'professional' });
    body = await me(owner.client);
    expect([...limits(body), body.abilities]).toEqual([PLANS.professional.activeForms, 77, 10, ALL]);

    await admin.patch(`/api/admin/users/${owner.user.id}`, { subscriptionStatus: 'starter' });
    body = await me(owner.client);
    expect([...limits(body), body.abilities]).toEqual([PLANS.starter.activeForms, 77, PLANS.starter.imageSizeMb, NONE]);

    // The plan's own value clears it: the account follows its plan again.
    const cleared = await admin.patch<AdminUser>(`/api/admin/users/${owner.user.id}`, {
      imageCountLimitPerForm: PLANS.starter.imagesPerForm,
    });
    expect(cleared.body.limitOverrides.imageCountLimitPerForm).toBeNull();
    await admin.patch(`/api/admin/users/${owner.user.id}`, { subscriptionStatus: 'professional' });
    expect(limits(await me(owner.client))).toEqual([20, PLANS.professional.imagesPerForm, 10]);
  });

  it('let a downgrade keep as many active forms as the administrator’s own limit allows', async () => {
    const owner = await onPlan('starter');
    await admin.patch(`/api/admin/users/${owner.user.id}`, { activeFormLimit: 3 });
    const forms = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) forms.push(await createForm(owner.user, { name }));

    const asked = await owner.client.post<DowngradeValidation>('/api/downgrade-subscription', {
      planId: 'free',
      validateOnly: true,
    });
    expect(asked.body).toMatchObject({ needsFormSelection: true, formsRequired: 1 });
    const [first] = forms.map((form) => form.id);
    expect((await owner.client.post('/api/forms/deactivate-multiple', { formIds: [first] })).status).toBe(200);
    expect((await owner.client.post('/api/downgrade-subscription', { planId: 'free' })).status).toBe(200);
    const body = await me(owner.client);
    expect([body.subscriptionStatus, body.activeFormLimit]).toEqual(['free', 3]);
    expect(await Form.query().where({ createdById: owner.user.id, isActive: true }).resultSize()).toBe(3);
  });

  it('let a subscription that ended keep as many active forms as the administrator’s own limit allows', async () => {
    const owner = await onPlan('professional');
    await admin.patch(`/api/admin/users/${owner.user.id}`, { activeFormLimit: 2 });
    for (const name of ['One', 'Two', 'Three']) await createForm(owner.user, { name });
    const result = await dropToFree(server.deps, owner.user.id, 'canceled');
    expect(result.deactivatedFormIds).toHaveLength(1);
    expect(await Form.query().where({ createdById: owner.user.id, isActive: true }).resultSize()).toBe(2);
  });
});

describe('the plan column during a rolling restart', () => {
  it('follows a plan the previous release writes to users.subscription_status, and keeps that column in step', async () => {
    const owner = await person(server);
    await server.knex('users').where({ id: owner.user.id }).update({ subscription_status: 'professional' });
    const body = await me(owner.client);
    expect([body.subscriptionStatus, body.abilities]).toEqual(['professional', ALL]);

    await owner.client.post('/api/downgrade-subscription', { planId: 'starter' });
    const row = await server.knex('users').where({ id: owner.user.id }).first('subscription_status', 'plan');
    expect(row).toEqual({ subscriptionStatus: 'starter', plan: 'starter' });

    const [inserted] = await server
      .knex('users')
      .insert({ username: `old-node-${owner.user.id}@example.org`, password: 'x', subscription_status: 'starter' })
      .returning(['plan']);
    expect(inserted).toEqual({ plan: 'starter' });
  });
});
