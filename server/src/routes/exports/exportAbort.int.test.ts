/**
 * An export holds a database connection while PostgreSQL streams its rows. A download the
 * browser breaks off must give that connection back, or a few cancelled downloads would leave
 * the whole app waiting for a connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { censusForm } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** More than the test server's pool of 10 connections. */
const BROKEN_DOWNLOADS = 12;

describe('POST /api/forms/{id}/export broken off', () => {
  it('gives its connection back: after more broken downloads than connections, the app still answers', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    // Big enough that PostgreSQL is still sending when the download stops.
    await server.knex.raw(
      `INSERT INTO form_images (form_id, filename, original_name, mime_type, size)
       SELECT ?, 'bulk-' || ? || '-' || g, 'scan-' || g || '-' || repeat('x', 200) || '.jpg', 'image/jpeg', 1
       FROM generate_series(1, 20000) g`,
      [form.id, form.id],
    );
    const cookie = `formscribe_session=${owner.client.cookie('formscribe_session')}`;
    for (let attempt = 0; attempt < BROKEN_DOWNLOADS; attempt++) {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/forms/${form.id}/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({ exportType: 'all' }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      await response.body?.getReader().read();
      controller.abort();
    }

    const stats = await owner.client.get(`/api/forms/${form.id}/consolidated-data?limit=1`);
    expect(stats.status).toBe(200);
    expect(await FormImage.query().where({ formId: form.id }).whereNotNull('exportedAt').resultSize()).toBe(0);
    const complete = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'all' });
    expect(complete.status).toBe(200);
    expect(complete.text.split('\r\n')).toHaveLength(20002); // header, 20000 rows, and the final ''
    const { rows } = await server.knex.raw(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY%'
       AND state <> 'idle'`,
    );
    expect((rows as { n: number }[])[0]?.n).toBe(0);
  }, 60_000);
});
