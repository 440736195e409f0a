/**
 * The administrator's lists are searched and paged by the server: a search matches any part of
 * an e-mail or name (form name, or its owner), treats % and _ as text, and its total is counted
 * only up to a cap, with trigram indexes able to answer the search. And the stat cards count.
 */
import {
  ADMIN_COUNT_CAP,
  type AdminFormsPage,
  type AdminStats,
  type AdminUsersPage,
} from '@formscribe/common/schemas/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../models/index.ts';
import { createForm, createUser, signedInAdmin } from '../../test/factories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signedInAdmin(server));
});
afterAll(() => server.stop());

const stats = () => admin.get<AdminStats>('/api/admin/stats');
const users = (query: string) => admin.get<AdminUsersPage>(`/api/admin/users?${query}`);
const forms = (query: string) => admin.get<AdminFormsPage>(`/api/admin/forms?${query}`);

describe('GET /api/admin/users', () => {
  it('finds accounts by any part of the e-mail or the name, newest first, page by page', async () => {
    const created = [];
    for (let i = 1; i <= 5; i++) {
      created.push(await createUser({ username: `marsh-${i}@wetland.example`, name: `Reed ${i}` }));
    }
    await createUser({ username: 'other@example.org', name: 'Heron Marshall' });
    await createForm(created[4] as User);

    const first = await users('search=WETLAND&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.users.map((u) => u.username)).toEqual(['marsh-5@wetland.example', 'marsh-4@wetland.example']);
    expect(first.body).toMatchObject({ page: 1, limit: 2, total: 5, totalPages: 3, totalIsCapped: false });
    expect(first.body.users[0]).toMatchObject({ name: 'Reed 5', formCount: 1, isAdmin: false });
    expect(first.body.users[1]).toMatchObject({ formCount: 0 });
    const last = await users('search=wetland&limit=2&page=3');
    expect(last.body.users.map((u) => u.username)).toEqual(['marsh-1@wetland.example']);

    const byName = await users('search=marsh');
    expect(byName.body.users.map((u) => u.username).sort()).toEqual(
      ['marsh-1', 'marsh-2', 'marsh-3', 'marsh-4', 'marsh-5', 'other'].map((p) =>
        p === 'other' ? 'other@example.org' : `${p}@wetland.example`,
      ),
    );
    const all = await users('');
    expect(all.body.total).toBe(await User.query().resultSize());
    expect(JSON.stringify(all.body)).not.toMatch(/password|stripeCustomerId/);
  });

  it('matches % and _ as the characters themselves', async () => {
    await createUser({ username: 'percent%sign@example.org', name: null });
    await createUser({ username: 'percentxsign@example.org', name: null });
    const res = await users(`search=${encodeURIComponent('percent%sign')}`);
    expect(res.body.users.map((u) => u.username)).toEqual(['percent%sign@example.org']);
    const underscore = await users(`search=${encodeURIComponent('t_s')}`);
    expect(underscore.body.total).toBe(0);
  });

  it(`counts at most ${ADMIN_COUNT_CAP} matches, and the search can be answered by an index`, async () => {
    await server.knex.raw(
      `INSERT INTO users (username, password) SELECT 'bulk-' || n || '@crowd.example', 'x' FROM generate_series(1, ?) n`,
      [ADMIN_COUNT_CAP + 50],
    );
    const res = await users('search=crowd.example&limit=100');
    expect(res.body).toMatchObject({ total: ADMIN_COUNT_CAP, totalIsCapped: true, totalPages: ADMIN_COUNT_CAP / 100 });
    expect(res.body.users).toHaveLength(100);

    // Whether the trigram indexes can answer the search at all (at this size the planner may
    // still prefer walking the primary key; at 100,000 accounts a selective search cannot).
    await server.knex.raw('ANALYZE users');
    const plan = await server.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      await trx.raw('SET LOCAL enable_indexscan = off');
      const { rows } = await trx.raw(
        `EXPLAIN SELECT id FROM users WHERE username ILIKE '%bulk-4242@%' OR name ILIKE '%bulk-4242@%'
         ORDER BY id DESC LIMIT 20`,
      );
      return (rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_username_trgm');
    expect(plan).toContain('users_name_trgm');
  });

  it('refuses a page size over 100 or a page below 1', async () => {
    expect((await users('limit=101')).status).toBe(400);
    expect((await users('page=0')).status).toBe(400);
  });
});

describe('GET /api/admin/forms', () => {
  it("finds forms by name or by their owner's e-mail, with owner and figures, page by page", async () => {
    const owner = await createUser({ username: 'curator@museum.example', name: 'Cora Curator' });
    const other = await createUser();
    const ledger = await createForm(owner, { name: 'Harbour ledger 1901' });
    const manifest = await createForm(owner, { name: 'Ship manifest', isActive: false });
    await createForm(other, { name: 'Harbour tolls' });

    const byName = await forms('search=harbour');
    expect(byName.body.forms.map((f) => f.name)).toEqual(['Harbour tolls', 'Harbour ledger 1901']);
    const byOwner = await forms('search=museum&limit=1');
    expect(byOwner.body).toMatchObject({ total: 2, totalPages: 2 });
    expect(byOwner.body.forms).toEqual([
      expect.objectContaining({
        id: manifest.id,
        isActive: false,
        totalImages: 0,
        completedImages: 0,
        owner: { id: owner.id, username: 'curator@museum.example', name: 'Cora Curator' },
      }),
    ]);
    expect((await forms('search=museum&limit=1&page=2')).body.forms.map((f) => f.id)).toEqual([ledger.id]);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users, forms and active forms, and measures each part of the system', async () => {
    const res = await stats();
    expect(res.status).toBe(200);
    const [totalUsers, totalForms, activeForms] = await Promise.all([
      server.knex('users').count<{ count: number }[]>('* as count'),
      server.knex('forms').count<{ count: number }[]>('* as count'),
      server.knex('forms').where({ is_active: true }).count<{ count: number }[]>('* as count'),
    ]);
    expect(res.body).toMatchObject({
      totalUsers: totalUsers[0]?.count,
      totalForms: totalForms[0]?.count,
      activeForms: activeForms[0]?.count,
      systemStatus: 'Healthy',
      healthy: true,
    });
    expect(res.body.checks.map((check) => [check.name, check.ok])).toEqual([
      ['database', true],
      ['jobQueue', true],
      ['redis', true],
      ['mail', true],
      ['payments', true],
    ]);
  });

  it('names the failing part instead of saying Healthy', async () => {
    // A job ready to run for ten minutes that no worker took: the queue is not keeping up.
    await server.knex.raw(`SELECT pgboss.create_queue('__admin_status_probe', '{"policy": "standard"}')`);
    await server.knex.raw(
      `INSERT INTO pgboss.job (name, data, start_after, created_on)
       VALUES ('__admin_status_probe', '{}', now() - interval '10 minutes', now() - interval '10 minutes')`,
    );
    await server.smtp.stop();
    const res = await stats();
    expect(res.body).toMatchObject({ systemStatus: 'Job queue, Mail transport failing', healthy: false });
    const failing = res.body.checks.filter((check) => !check.ok);
    expect(failing.map((check) => check.name)).toEqual(['jobQueue', 'mail']);
  });
});
