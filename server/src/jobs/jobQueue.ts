/**
 * pg-boss on the application's PostgreSQL. Jobs are enqueued inside the transaction that causes
 * them (an outbox): a committed change always gets its job, a rolled-back one never does.
 */
import PgBoss from 'pg-boss';
import type { SqlRunner } from '../db/sqlRunner.ts';
import type { Logger } from '../logger.ts';
import type { AppMetrics } from '../metrics/appMetrics.ts';

export interface JobQueueOptions {
  connectionString: string;
  logger: Logger;
  pollSeconds: number;
  metrics?: AppMetrics;
}

/** Where a job stands in its retries: the attempt is the last when retryCount reaches retryLimit. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

/** A queue's retry policy (pg-boss): delays in seconds, doubled per retry (with jitter) when backing off. */
export interface QueuePolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
}

export interface WorkOptions {
  /** Default: 5 retries, 10 s apart and backing off, 5 minutes to run. */
  policy?: QueuePolicy;
  /** Workers (pollers) this node runs for the queue (default 1). */
  concurrency?: number;
  /**
   * Jobs each worker fetches per poll and runs at once (default 1). A full batch is followed by
   * the next fetch at once, not after the poll interval, so a backlog drains at the speed of the
   * handlers rather than one batch per interval.
   */
  batchSize?: number;
  /** Delete each job once its handler succeeds, rather than keep it as completed (mail: nothing to keep). */
  deleteWhenDone?: boolean;
}

/** PostgreSQL's deadlock_detected, and how often a queue's creation is tried when it meets one. */
const DEADLOCK_DETECTED = '40P01';
const QUEUE_CREATE_ATTEMPTS = 5;

/** Jobs per INSERT when enqueueing many at once. */
const ENQUEUE_CHUNK = 2000;

const DEFAULT_QUEUE_POLICY: QueuePolicy = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 };

export class JobQueue {
  private readonly boss: PgBoss;
  /** Queues this node works, whose depth the metrics report. */
  private readonly queueNames = new Set<string>();
  /** This node's pg-boss workers per queue, for `wake`. */
  private readonly workerIds = new Map<string, string[]>();

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({ connectionString: options.connectionString, schema: 'pgboss', max: 4 });
    this.boss.on('error', (error: Error & { code?: string }) => {
      // 57P01: PostgreSQL is shutting down (Ctrl-C reaches the embedded server first); not worth alarm.
      const level = error.code === '57P01' ? 'debug' : 'error';
      options.logger[level]({ err: error.message, code: error.code }, 'job queue error');
    });
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }

  /**
   * Creates the queue (idempotent) with its policy and processes its jobs on this node: up to
   * `concurrency × batchSize` at once. Each job succeeds or fails on its own: a handler that
   * throws has that job (and only it) retried by the policy.
   */
  async work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    const policy = options.policy ?? DEFAULT_QUEUE_POLICY;
    await this.createQueue(name, policy);
    // createQueue leaves an existing queue as it was; this makes a changed policy apply to new jobs.
    await this.boss.updateQueue(name, { name, ...policy });
    this.queueNames.add(name);
    const batchSize = options.batchSize ?? 1;
    const workOptions = {
      pollingIntervalSeconds: this.options.pollSeconds,
      batchSize,
      includeMetadata: true as const,
    };
    for (let i = 0; i < (options.concurrency ?? 1); i += 1) {
      let workerId: string | undefined;
      workerId = await this.boss.work<T>(name, workOptions, async (jobs) => {
        await this.runBatch(name, jobs, handler, options.deleteWhenDone ?? false);
        // A full batch means more may be waiting: pg-boss skips its pause before the next fetch.
        if (jobs.length >= batchSize && workerId) this.boss.notifyWorker(workerId);
      });
      this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), workerId]);
    }
  }

  /**
   * Creates the queue unless it exists. Nodes starting together on a new database all create the
   * same queues, and pg-boss's CREATE TABLE … ATTACH PARTITION statements can then deadlock:
   * PostgreSQL rolls one back (40P01), and that node tries again, finding the queue made.
   */
  private async createQueue(name: string, policy: QueuePolicy): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.createQueue(name, { name, ...policy });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= QUEUE_CREATE_ATTEMPTS) throw error;
        this.options.logger.debug({ queue: name, attempt }, 'queue creation deadlocked with another node: retrying');
      }
    }
  }

  /**
   * Runs a fetched batch concurrently. A failed job is failed alone (pg-boss would fail the
   * whole batch, and so send the others' mail twice); pg-boss completes the rest afterwards,
   * which leaves failed and deleted jobs as they are. Should recording a failure itself fail,
   * the batch fails as pg-boss does it: a job run twice is better than a job lost.
   */
  private async runBatch<T extends object>(
    name: string,
    jobs: Array<PgBoss.JobWithMetadata<T>>,
    handler: JobHandler<T>,
    deleteWhenDone: boolean,
  ): Promise<void> {
    const done: string[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
          done.push(job.id);
        } catch (error) {
          this.options.metrics?.jobFailed(name);
          await this.boss.fail(name, job.id, error instanceof Error ? error : { message: String(error) });
        }
      }),
    );
    if (!deleteWhenDone || done.length === 0) return;
    // pg-boss then marks jobs that no longer exist as completed, which changes nothing. A failed
    // delete must not fail (and so repeat) work that is done: the jobs are kept instead.
    await this.boss.deleteJob(name, done).catch((error: Error) => {
      this.options.logger.warn({ queue: name, err: error.message }, 'finished jobs not deleted');
    });
  }

  /**
   * Has this node's workers of the queue fetch at once instead of at their next poll: for a job
   * someone is waiting on (an owner's import, just created here). Other nodes still poll.
   */
  wake(name: string): void {
    for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  /** Jobs waiting to run (created, or failed and waiting for a retry) per queue this node works. */
  async queueSizes(): Promise<Map<string, number>> {
    const names = [...this.queueNames];
    const sizes = await Promise.all(names.map((name) => this.boss.getQueueSize(name)));
    return new Map(names.map((name, index) => [name, sizes[index] ?? 0]));
  }

  /**
   * Runs the queue's job on a cron schedule (UTC). pg-boss sends one job per tick whatever the
   * number of nodes. The queue must exist (call `work` first).
   */
  async schedule(name: string, cron: string): Promise<void> {
    await this.boss.schedule(name, cron);
  }

  /**
   * Enqueues a job that no transaction causes (housekeeping, such as a sweep at start, or work
   * that hands itself on), optionally to start no sooner than a few seconds from now.
   */
  async send<T extends object>(name: string, data: T, options: { startAfterSeconds?: number } = {}): Promise<void> {
    await this.boss.send(name, data, options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {});
  }

  /**
   * Enqueues many jobs of one queue within the transaction `sql` runs in, a few thousand per
   * statement (a campaign's recipients): they exist exactly when the transaction commits.
   */
  async enqueueMany<T extends object>(sql: SqlRunner, name: string, data: T[]): Promise<void> {
    const db = inTransaction(sql);
    for (let start = 0; start < data.length; start += ENQUEUE_CHUNK) {
      const chunk = data.slice(start, start + ENQUEUE_CHUNK).map((item) => ({ name, data: item }));
      await this.boss.insert(chunk, { db });
    }
  }

  /** Enqueues within the transaction `sql` runs in, so the job exists exactly when it commits. */
  async enqueue<T extends object>(sql: SqlRunner, name: string, data: T): Promise<void> {
    await this.boss.send(name, data, { db: inTransaction(sql) });
  }
}

/** pg-boss's database as the transaction `sql` runs in (pg-boss writes `$1` statements of its own). */
function inTransaction(sql: SqlRunner) {
  return { executeSql: async (text: string, values: unknown[]) => ({ rows: await sql.execute(text, values) }) };
}
