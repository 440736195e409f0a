/**
 * PostgreSQL restarted under load. A node runs (as production runs it) on a cluster of the
 * test's own, which the test stops with a fast shutdown while a crowd of contributors submits
 * entries, and starts again. While it is gone, requests fail cleanly: 503 with Retry-After and a
 * message that says what is wrong, each within the pool's acquire timeout, never a hang. The
 * node does not crash, its pool reconnects by itself, and every acknowledged entry is stored.
 */
import fs from 'node:fs/promises';
import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindModels, createKnex } from '../db/knex.ts';
import { createLogger } from '../logger.ts';
import { type Answer, type CrowdMember, serverErrors, startCrowd } from '../test/contributorCrowd.ts';
import { addImages, CENSUS_FIELDS } from '../test/entryFixtures.ts';
import { createForm, createUser, grantAccess, signIn } from '../test/factories.ts';
import { RestartablePostgres } from '../test/restartablePostgres.ts';
import { createDataDir, type ServerProcess, startServerProcess, stopServerProcess } from '../test/serverProcess.ts';
import { TestClient } from '../test/testClient.ts';

const SLOW = 240_000;
/** Short, so a request that waits for a connection gives up well within the crowd's hang limit. */
const ACQUIRE_TIMEOUT_MS = 3_000;

let database: RestartablePostgres;
let dataDir: string;
let node: ServerProcess | undefined;
let knex: Knex;

beforeAll(async () => {
  [database, dataDir] = await Promise.all([RestartablePostgres.start(), createDataDir()]);
  node = await startServerProcess({
    dataDir,
    env: { DATABASE_URL: database.url(), DATABASE_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS) },
    startTimeoutMs: SLOW,
  });
  // The test's own connections break too when the database stops; their warnings are not the subject.
  knex = createKnex(database.url(), 2, { logger: createLogger('silent') });
  bindModels(knex);
}, SLOW);

afterAll(async () => {
  await stopServerProcess(node);
  await knex?.destroy();
  await database?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, SLOW);

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After while it is down, recovers by itself, and loses no acknowledged entry', {
    timeout: SLOW,
  }, async () => {
    const running = node;
    if (!running) throw new Error('no node');
    const owner = await createUser();
    const form = await createForm(owner, { fields: CENSUS_FIELDS });
    await addImages(form, 1500);
    const members: CrowdMember[] = [];
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser();
      await grantAccess(user, form);
      const client = new TestClient(running.url);
      await signIn(client, user);
      members.push({ userId: user.id, client });
    }
    const crowd = startCrowd({ formId: form.id, members, hangMs: ACQUIRE_TIMEOUT_MS + 10_000 });
    let report: Awaited<ReturnType<typeof crowd.stop>> | undefined;
    try {
      await crowd.acknowledgedMore(20, 60_000);

      const haltedAt = Date.now();
      await database.halt();
      // While it is down, the crowd keeps asking: wait until it has been turned away a few times.
      const turnedAway = (answers: Answer[]) => answers.filter((a) => a.at >= haltedAt && a.status >= 300);
      const live = crowd.peek();
      await until(() => turnedAway(live.answers).length >= 10, 60_000, 'answers while the database is down');
      await database.resume();

      // The pool reconnects by itself: entries are acknowledged again, with no restart of the node.
      await crowd.acknowledgedMore(20, 60_000);
    } finally {
      report = await crowd.stop();
    }

    expect(report.hung).toEqual([]);
    // No other 5xx; the node's log says why should one appear.
    const unhandled = running
      .output()
      .split('\n')
      .filter((line) => line.includes('"unhandled error"'));
    expect({ otherServerErrors: serverErrors(report).filter((answer) => answer.status !== 503), unhandled }).toEqual({
      otherServerErrors: [],
      unhandled: [],
    });
    expect(report.answers.filter((answer) => answer.status === 0)).toEqual([]);
    const refused = report.answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        retryAfter: expect.stringMatching(/^\d+$/),
        message: MESSAGES.databaseUnavailable,
      });
    }
    // Every entry that got a 201 is stored.
    const stored = await knex('form_submissions')
      .where({ formId: form.id })
      .select<Array<{ submittedById: number; imageId: number }>>('submittedById', 'imageId');
    const storedKeys = new Set(stored.map((row) => `${row.submittedById}:${row.imageId}`));
    expect(report.acknowledged.filter((key) => !storedKeys.has(key))).toEqual([]);
    // The same process served throughout, and says it is ready again.
    expect(running.running()).toBe(true);
    expect((await fetch(`${running.url}/api/ready`)).status).toBe(200);
  });
});
