/**
 * The administrator's plan change brings the plan's limits, like any plan change, and the limits
 * the administrator sets are kept apart from the plan's: they outlive plan changes, and setting
 * one to the plan's own value makes the account follow its plan again.
 */
import { PLANS } from '@formscribe/common/plans';
import type { AdminUser, AdminUsersPage } from '@formscribe/common/schemas/admin';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyRows, subscribeAndPay } from '../../test/billingFixtures.ts';
import { person } from '../../test/entryFixtures.ts';
import { signedInAdmin } from '../../test/factories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signedInAdmin(server));
});
afterAll(() => server.stop());

const limitsOf = (body: UserResponse) => [body.activeFormLimit, body.imageCountLimitPerForm, body.imageSizeLimitMB];
const planLimits = (plan: keyof typeof PLANS) => [
  PLANS[plan].activeForms,
  PLANS[plan].imagesPerForm,
  PLANS[plan].imageSizeMb,
];

async function listed(username: string): Promise<AdminUser | undefined> {
  const page = await admin.get<AdminUsersPage>(`/api/admin/users?search=${encodeURIComponent(username)}`);
  return page.body.users.find((user) => user.username === username);
}

describe('the administrator’s plan change', () => {
  it('gives the plan’s limits: Professional is 20 forms, 500 images and 10 MB at once', async () => {
    const owner = await person(server);
    const res = await admin.patch<AdminUser>(`/api/admin/users/${owner.user.id}`, {
      subscriptionStatus: 'professional',
    });
    expect(res.status).toBe(200);
    expect(limitsOf(res.body)).toEqual(planLimits('professional'));
    const me = await owner.client.get<UserResponse>('/api/user');
    expect([me.body.subscriptionStatus, ...limitsOf(me.body)]).toEqual(['professional', ...planLimits('professional')]);
    // The limit holds where it is checked: a free account could not have a second active form.
    expect((await owner.client.post('/api/forms', { name: 'One' })).status).toBe(201);
    expect((await owner.client.post('/api/forms', { name: 'Two' })).status).toBe(201);
    // Recorded like any plan change, with no money moved.
    const [row] = await historyRows(owner.user.id);
    expect([row?.description, row?.amountCents]).toEqual(['Plan set to Professional by the administrator', 0]);
  });

  it('keeps the administrator’s own limit through plan changes, and the plan’s value makes it follow the plan again', async () => {
    const owner = await person(server);
    expect((await admin.patch(`/api/admin/users/${owner.user.id}`, { activeFormLimit: 7 })).status).toBe(200);
    expect((await listed(owner.user.username))?.limitOverrides).toEqual({
      activeFormLimit: 7,
      imageCountLimitPerForm: null,
      imageSizeLimitMB: null,
    });

    // The owner pays for Starter: the images and size follow Starter, the administrator's 7 stays.
    await subscribeAndPay(owner.client, 'starter');
    let me = (await owner.client.get<UserResponse>('/api/user')).body;
    expect(limitsOf(me)).toEqual([7, PLANS.starter.imagesPerForm, PLANS.starter.imageSizeMb]);

    // Starter's own 5 is no override: from now on the limit follows the plan.
    await admin.patch(`/api/admin/users/${owner.user.id}`, { activeFormLimit: PLANS.starter.activeForms });
    expect((await listed(owner.user.username))?.limitOverrides.activeFormLimit).toBeNull();
    expect((await owner.client.post('/api/downgrade-subscription', { planId: 'free' })).status).toBe(200);
    me = (await owner.client.get<UserResponse>('/api/user')).body;
    expect(limitsOf(me)).toEqual(planLimits('free'));
  });

  it('changes nothing else when only the payment mode is sent', async () => {
    const owner = await person(server);
    await admin.patch(`/api/admin/users/${owner.user.id}`, { subscriptionStatus: 'starter' });
    const res = await admin.patch<AdminUser>(`/api/admin/users/${owner.user.id}`, { stripeTestMode: true });
    expect([res.body.subscriptionStatus, res.body.stripeTestMode, ...limitsOf(res.body)]).toEqual([
      'starter',
      true,
      ...planLimits('starter'),
    ]);
    expect(await historyRows(owner.user.id)).toHaveLength(1);
  });
});
