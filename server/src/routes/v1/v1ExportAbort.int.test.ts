/**
 * The NDJSON export reads its rows inside a transaction that holds a database connection. A
 * download a script breaks off must roll back (nothing marked exported) and give the connection
 * back, or a few broken downloads would leave the whole app waiting for one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { createForm } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** More than the test server's pool of 10 connections. */
const BROKEN_DOWNLOADS = 12;
const ROWS = 20_000;

describe('POST /api/v1/forms/{id}/export as NDJSON, broken off', () => {
  it('stamps nothing and gives its connection back; a complete download then has every row', async () => {
    const owner = await professionalOwner(server);
    const form = await createForm(owner.user, { name: 'Bulk' });
    const secret = await createToken(owner, 'read_write');
    // Big enough that the rows are still being read when the download stops.
    await server.knex.raw(
      `INSERT INTO form_images (form_id, filename, original_name, mime_type, size)
       SELECT ?, 'bulk-' || ? || '-' || g, 'scan-' || g || '-' || repeat('x', 200) || '.jpg', 'image/jpeg', 1
       FROM generate_series(1, ?) g`,
      [form.id, form.id, ROWS],
    );
    for (let attempt = 0; attempt < BROKEN_DOWNLOADS; attempt++) {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/v1/forms/${form.id}/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ exportType: 'all', format: 'ndjson' }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      await response.body?.getReader().read();
      controller.abort();
    }

    const api = tokenClient(server, secret);
    expect((await api.get(`/api/v1/forms/${form.id}/verification-stats`)).status).toBe(200);
    expect(await FormImage.query().where({ formId: form.id }).whereNotNull('exportedAt').resultSize()).toBe(0);
    const complete = await api.post(`/api/v1/forms/${form.id}/export`, {
      exportType: 'not-exported',
      format: 'ndjson',
    });
    expect(complete.status).toBe(200);
    expect(complete.text.trimEnd().split('\n')).toHaveLength(ROWS);
    expect(await FormImage.query().where({ formId: form.id }).whereNotNull('exportedAt').resultSize()).toBe(ROWS);
  }, 60_000);
});
