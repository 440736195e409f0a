/**
 * Nodes of a new deployment start at the same moment on a database that has no job queues yet
 * (docker compose up, a scaled-out release): each creates the queues it works, and every one of
 * them must come up. pg-boss's queue creation can deadlock between two nodes; the one PostgreSQL
 * picks as the victim must try again rather than exit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../jobs/jobQueue.ts';
import { createLogger } from '../logger.ts';
import { createDatabaseFromTemplate } from '../test/testServer.ts';

const QUEUES = Array.from({ length: 10 }, (_, i) => `starting-together-${i}`);
const nodes: JobQueue[] = [];
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
});

describe('two nodes starting together on a new database', () => {
  it('both create and work every queue', { timeout: 60_000 }, async () => {
    const connectionString = await createDatabaseFromTemplate();
    const logger = createLogger('silent');
    for (let i = 0; i < 2; i += 1) nodes.push(new JobQueue({ connectionString, logger, pollSeconds: 0.5 }));
    await Promise.all(nodes.map((node) => node.start()));

    const started = await Promise.allSettled(
      nodes.map(async (node) => {
        for (const name of QUEUES) await node.work(name, async () => undefined);
      }),
    );

    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
    ]);
  });
});
