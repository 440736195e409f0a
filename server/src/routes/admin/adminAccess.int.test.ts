/**
 * Every super-admin route, asked by the administrator, a form's owner, its contributor and
 * someone signed out: only the administrator gets through; the others get 403 (401 signed out),
 * change nothing, and each refusal is logged with who asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, User } from '../../models/index.ts';
import { castForm, createImageCast, type ImageCast } from '../../test/imageFactories.ts';
import { captureServerLogs } from '../../test/logCapture.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

interface AdminCall {
  method: string;
  path: (ids: { userId: number; formId: number }) => string;
  body?: unknown;
  /** What the administrator gets. */
  adminStatus: number;
}

const CALLS: AdminCall[] = [
  { method: 'GET', path: () => '/api/admin/stats', adminStatus: 200 },
  { method: 'GET', path: () => '/api/admin/users', adminStatus: 200 },
  { method: 'GET', path: () => '/api/admin/forms', adminStatus: 200 },
  {
    method: 'PATCH',
    path: ({ userId }) => `/api/admin/users/${userId}`,
    body: { activeFormLimit: 7, imageCountLimitPerForm: 70, imageSizeLimitMB: 7, subscriptionStatus: 'starter' },
    adminStatus: 200,
  },
  {
    method: 'PATCH',
    path: ({ formId }) => `/api/admin/forms/${formId}`,
    body: { name: 'Renamed by the administrator', dataEntryActive: false },
    adminStatus: 200,
  },
  { method: 'POST', path: ({ formId }) => `/api/admin/forms/${formId}/recount`, adminStatus: 202 },
  { method: 'DELETE', path: ({ formId }) => `/api/admin/forms/${formId}`, adminStatus: 204 },
  { method: 'DELETE', path: ({ userId }) => `/api/admin/users/${userId}`, adminStatus: 204 },
];

/** A fresh victim per call: an account with a form of its own. */
async function target() {
  const form = await castForm(cast);
  const victim = await User.query().insertAndFetch({
    username: `victim-${form.id}@example.org`,
    name: 'Victim',
    password: 'not-a-real-hash',
  });
  return { userId: victim.id, formId: form.id };
}

async function snapshot(ids: { userId: number; formId: number }) {
  return JSON.stringify({
    user: await User.query().findById(ids.userId),
    form: await Form.query().findById(ids.formId),
    owner: await User.query().findById(cast.owner.id),
  });
}

const callers: Array<[string, (c: ImageCast) => TestClient, number]> = [
  ['the form owner', (c) => c.ownerClient, 403],
  ['a contributor', (c) => c.contributorClient, 403],
  ['someone signed out', (c) => c.signedOut, 401],
];

describe('super-admin routes', () => {
  it.each(CALLS.map((call) => [`${call.method} ${call.path({ userId: 0, formId: 0 })}`, call] as const))(
    '%s: the administrator gets through',
    async (_name, call) => {
      const ids = await target();
      const res = await cast.adminClient.request(call.method, call.path(ids), call.body);
      expect(res.status, res.text).toBe(call.adminStatus);
    },
  );

  for (const [who, clientOf, status] of callers) {
    it.each(CALLS.map((call) => [`${call.method} ${call.path({ userId: 0, formId: 0 })}`, call] as const))(
      `%s: ${who} gets ${status} and changes nothing`,
      async (_name, call) => {
        const ids = await target();
        const before = await snapshot(ids);
        const res = await clientOf(cast).request(call.method, call.path(ids), call.body);
        expect(res.status, res.text).toBe(status);
        expect(await snapshot(ids)).toBe(before);
      },
    );
  }

  it('logs each refusal with who asked', async () => {
    const logs = captureServerLogs(server, 'warn');
    const ids = await target();
    expect((await cast.contributorClient.delete(`/api/admin/users/${ids.userId}`)).status).toBe(403);
    const refusal = logs.entries().find((entry) => entry.msg === 'super-admin route refused');
    expect(refusal).toMatchObject({
      userId: cast.contributor.id,
      username: cast.contributor.username,
      method: 'DELETE',
      path: `/api/admin/users/${ids.userId}`,
    });
  });
});
