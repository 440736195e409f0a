/**
 * Before mail jobs carried only `{kind, userId}`, each held the whole message with its link, and
 * finished jobs stayed for days. The migration removes those, and only those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as forgetMailedLinks } from '../../../migrations/20261202000300_forget_mailed_links.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { SEND_MAIL_QUEUE } from './mailJob.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const OLD_MESSAGE = {
  to: 'someone@example.org',
  subject: 'Reset your Formscribe password',
  text: 'Open http://localhost/reset-password?token=old-secret-token',
  html: '<a href="http://localhost/reset-password?token=old-secret-token">Reset</a>',
};

async function rowsMentioning(text: string): Promise<number> {
  let count = 0;
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    const { rows } = await server.knex.raw(`SELECT count(*)::int AS count FROM ${table} WHERE data::text LIKE ?`, [
      `%${text}%`,
    ]);
    count += rows[0]?.count ?? 0;
  }
  return count;
}

describe('migration: forget mailed links', () => {
  it('removes old mail jobs that hold a link from the job and archive tables, and keeps new-style jobs', async () => {
    const insertJob = async (data: object): Promise<string> => {
      const { rows } = await server.knex.raw(
        `INSERT INTO pgboss.job (name, data, state, completed_on) VALUES (?, ?, 'completed', now()) RETURNING id`,
        [SEND_MAIL_QUEUE, JSON.stringify(data)],
      );
      return rows[0].id;
    };
    await insertJob(OLD_MESSAGE);
    await insertJob({ kind: 'passwordReset', userId: 424242 });
    // pg-boss moves finished jobs to its archive table (same columns, plus when).
    const archived = await insertJob(OLD_MESSAGE);
    await server.knex.raw('INSERT INTO pgboss.archive SELECT *, now() FROM pgboss.job WHERE id = ?', [archived]);
    await server.knex.raw('DELETE FROM pgboss.job WHERE id = ?', [archived]);
    expect(await rowsMentioning('old-secret-token')).toBe(2);

    await forgetMailedLinks(server.knex);

    expect(await rowsMentioning('old-secret-token')).toBe(0);
    expect(await rowsMentioning('424242')).toBe(1);
  });
});
