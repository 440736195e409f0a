/**
 * A transaction's domain events. What must commit with the change is written into the
 * transaction as it is recorded: webhooks to their outbox, mail and jobs to the job queue,
 * machine reading to its queue, audit events to the form's trail, so a
 * rolled-back change never sends anything and a committed one always does. Live events are kept
 * and handed to the dispatcher once the transaction has committed.
 */
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { inLeanTransaction } from '../../db/leanTransaction.ts';
import { knexSql, type SqlRunner } from '../../db/sqlRunner.ts';
import { appendAuditEvent } from '../audit/auditTrail.ts';
import { SEND_MAIL_QUEUE } from '../mail/mailJob.ts';
import { queueFormReadings, queueImageReading } from '../ocr/machineReadingQueue.ts';
import { logWebhookDeliveries } from '../webhooks/webhookDeliveryLog.ts';
import {
  type AfterCommitEvent,
  type DomainEvent,
  type ImageStateChangedEvent,
  isLiveEvent,
  type LiveEvent,
  type QueueEvent,
  type WebhooksEvent,
  type WrittenEvent,
} from './domainEvents.ts';
import { announceImageChange } from './imageChangeEvents.ts';

/** What a transaction's statements alone can write: an image's change, its webhooks, jobs and mail. */
export type StatementWrittenEvent = ImageStateChangedEvent | WebhooksEvent | QueueEvent;

/**
 * A transaction's recorder as its statements see it (db/sqlRunner.ts): the hot write path's lean
 * transaction (db/leanTransaction.ts) has this one; knex's transactions have DomainEvents below.
 */
export class TransactionEvents {
  protected readonly afterCommitEvents: AfterCommitEvent[] = [];

  constructor(
    protected readonly deps: Pick<AppDeps, 'jobs'>,
    readonly sql: SqlRunner,
  ) {}

  /** Keeps a live event for after the commit. */
  record(event: LiveEvent): void;
  /** Writes what must commit with the change (webhooks, mail, jobs) into the transaction now. */
  record(event: StatementWrittenEvent): Promise<void>;
  record(event: LiveEvent | StatementWrittenEvent): Promise<void> | undefined {
    return this.keepOrWrite(event);
  }

  /** A live event is kept for after the commit; anything else is written now. */
  protected keepOrWrite(event: LiveEvent | StatementWrittenEvent): Promise<void> | undefined {
    if (isLiveEvent(event)) {
      this.afterCommitEvents.push(event);
      return undefined;
    }
    return this.writeStatements(event);
  }

  protected async writeStatements(event: StatementWrittenEvent): Promise<void> {
    switch (event.type) {
      case 'image-state-changed': {
        const { webhooks, live } = announceImageChange(event.change);
        await this.writeStatements({ type: 'webhooks', form: event.change.form, events: webhooks });
        this.afterCommitEvents.push(...live);
        return;
      }
      case 'webhooks': {
        const deliveryIds = await logWebhookDeliveries(this.sql, event.form, event.events);
        const data = deliveryIds.map((deliveryId) => ({ deliveryId }));
        if (data.length) await this.writeStatements({ type: 'jobs', jobs: { queue: 'deliver-webhook', data } });
        return;
      }
      case 'mail':
        return this.deps.jobs.enqueue(this.sql, SEND_MAIL_QUEUE, event.mail);
      case 'job':
        await this.deps.jobs.enqueue(this.sql, event.job.queue, event.job.data);
        if (event.startNow) this.afterCommitEvents.push({ type: 'job-committed', queue: event.job.queue });
        return;
      case 'jobs':
        return this.deps.jobs.enqueueMany<object>(this.sql, event.jobs.queue, event.jobs.data);
    }
  }

  /** What was recorded for after the commit: the live events, and the jobs to start at once. */
  get afterCommit(): readonly AfterCommitEvent[] {
    return this.afterCommitEvents;
  }
}

/** A knex transaction's recorder: services handed it use `trx` for their own queries. */
export class DomainEvents extends TransactionEvents {
  constructor(
    deps: Pick<AppDeps, 'jobs'>,
    readonly trx: Knex.Transaction,
  ) {
    super(deps, knexSql(trx));
  }

  /** Keeps a live event for after the commit. */
  override record(event: LiveEvent): void;
  /** Writes what must commit with the change (webhooks, mail, jobs, machine reading, audit) into the transaction now. */
  override record(event: WrittenEvent): Promise<void>;
  override record(event: DomainEvent): Promise<void> | undefined {
    switch (event.type) {
      case 'read-image':
        return queueImageReading(this.trx, event.imageId);
      case 'read-form':
        return queueFormReadings(this.trx, event.formId);
      case 'audit':
        return appendAuditEvent(this.trx, event);
      default:
        return this.keepOrWrite(event);
    }
  }
}

/** One recorder per transaction, however many services record on it. */
const recorders = new WeakMap<Knex.Transaction, DomainEvents>();

/**
 * The recorder of `trx`; its live events are dispatched once `trx` has committed (a rolled-back
 * transaction dispatches nothing). For services handed a transaction someone else opened.
 */
export function eventsOf(deps: Pick<AppDeps, 'jobs' | 'events'>, trx: Knex.Transaction): DomainEvents {
  const known = recorders.get(trx);
  if (known) return known;
  const events = new DomainEvents(deps, trx);
  recorders.set(trx, events);
  void trx.executionPromise.then(
    () => deps.events.dispatch(events.afterCommit),
    () => undefined,
  );
  return events;
}

/** Runs `work` in a new transaction with its recorder; see `eventsOf`. */
export function inTransaction<T>(
  deps: Pick<AppDeps, 'knex' | 'jobs' | 'events'>,
  work: (events: DomainEvents) => Promise<T>,
): Promise<T> {
  return deps.knex.transaction((trx) => work(eventsOf(deps, trx)));
}

/**
 * Runs `work` in a lean transaction (db/leanTransaction.ts: a bare pg connection, no knex
 * transaction) with its recorder, for the hot write path; its live events are dispatched once it
 * has committed. Its writers run statements only (`events.sql`), never a query builder.
 */
export async function inLeanEventsTransaction<T>(
  deps: Pick<AppDeps, 'knex' | 'jobs' | 'events'>,
  work: (events: TransactionEvents) => Promise<T>,
): Promise<T> {
  const { result, afterCommit } = await inLeanTransaction(deps.knex, async (sql) => {
    const events = new TransactionEvents(deps, sql);
    return { result: await work(events), afterCommit: events.afterCommit };
  });
  void deps.events.dispatch(afterCommit);
  return result;
}
