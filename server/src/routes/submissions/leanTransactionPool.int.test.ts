/**
 * A submission runs in a lean transaction on a connection of knex's pool (db/leanTransaction.ts),
 * not in knex's transaction, so returning that connection is our code's job. With a pool of two,
 * submissions that fail inside their transaction (a duplicate, an image of another form) many
 * times the pool's size must leave every connection back in the pool, out of any transaction, and
 * leave nothing of theirs behind; the next submission then succeeds on those same connections.
 */
import { ALREADY_SUBMITTED } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FieldValue, FormImage, FormSubmission } from '../../models/index.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const POOL_SIZE = 2;
let server: TestServer;
beforeAll(async () => {
  // A short acquire timeout: a connection that never came back fails the next request with 503 fast.
  server = await startTestServer({ DATABASE_POOL_SIZE: String(POOL_SIZE), DATABASE_ACQUIRE_TIMEOUT_MS: '3000' });
});
afterAll(() => server.stop());

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

async function auditLines(formId: number): Promise<number> {
  const { rows } = await server.knex.raw(
    `SELECT count(*) AS count FROM audit_events WHERE form_id = ? AND kind = 'entry-created'`,
    [formId],
  );
  return Number(rows[0]?.count);
}

it('failed submissions, many times the pool size, leave the pool usable and nothing behind', async () => {
  const { form, images } = await censusForm(server, { images: 3 });
  const other = await censusForm(server, { images: 1 });
  const [first, second, third] = images;
  const foreign = other.images[0];
  if (!first || !second || !third || !foreign) throw new Error('no images');
  const contributor = await person(server, form);
  const path = `/api/forms/${form.id}/submissions`;
  expect((await contributor.client.post(path, { imageId: first.id, data: entry })).status).toBe(201);

  // One after another, so each takes a connection of the two, fails in its transaction and returns it.
  for (let attempt = 0; attempt < POOL_SIZE * 3; attempt++) {
    const duplicate = await contributor.client.post(path, { imageId: first.id, data: { ...entry, age: '31' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: ALREADY_SUBMITTED });
    const ofAnotherForm = await contributor.client.post(path, { imageId: foreign.id, data: entry });
    expect(ofAnotherForm.status).toBe(404);
  }
  // …and at once, more than the pool holds.
  const together = await Promise.all(
    Array.from({ length: POOL_SIZE * 3 }, () => contributor.client.post(path, { imageId: first.id, data: entry })),
  );
  expect(together.map((r) => r.status)).toEqual(together.map(() => 409));

  // No connection was left inside a transaction (an aborted one would refuse the next statement).
  const { rows } = await server.knex.raw(
    `SELECT count(*) AS count FROM pg_stat_activity
     WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
  );
  expect(Number(rows[0]?.count)).toBe(0);

  // Nothing of the failed ones was kept: one entry, its values and its audit line.
  expect(await FormSubmission.query().where({ imageId: first.id }).resultSize()).toBe(1);
  expect(await FieldValue.query().where({ imageId: first.id }).resultSize()).toBe(5);
  expect(await FormSubmission.query().where({ imageId: foreign.id }).resultSize()).toBe(0);
  expect(await auditLines(form.id)).toBe(1);
  expect((await FormImage.query().findById(first.id))?.entryCount).toBe(1);

  // The same connections serve the next submissions.
  for (const image of [second, third]) {
    const res = await contributor.client.post(path, { imageId: image.id, data: entry });
    expect(res.status).toBe(201);
  }
  expect(await auditLines(form.id)).toBe(3);
  expect((await FormImage.query().findById(third.id))?.entryCount).toBe(1);
});
