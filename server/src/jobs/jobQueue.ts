/**
 * pg-boss on the application's PostgreSQL. Jobs are enqueued inside the transaction that causes
 * them (an outbox): a committed change always gets its job, a rolled-back one never does.
 */
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from '../logger.ts';

export interface JobQueueOptions {
  connectionString: string;
  logger: Logger;
  pollSeconds: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

const QUEUE_POLICY = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 };

export class JobQueue {
  private readonly boss: PgBoss;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({ connectionString: options.connectionString, schema: 'pgboss', max: 4 });
    this.boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }

  /** Creates the queue (idempotent) and processes its jobs one at a time on this node. */
  async work<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.boss.createQueue(name, { name, ...QUEUE_POLICY });
    await this.boss.work<T>(name, { pollingIntervalSeconds: this.options.pollSeconds }, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }

  /** Enqueues within `trx`, so the job exists exactly when the transaction commits. */
  async enqueue<T extends object>(trx: Knex.Transaction, name: string, data: T): Promise<void> {
    const connection = (await trx.client.acquireConnection()) as {
      query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
    };
    await this.boss.send(name, data, {
      db: { executeSql: (text: string, values: unknown[]) => connection.query(text, values) },
    });
  }
}
