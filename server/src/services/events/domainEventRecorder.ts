/**
 * A transaction's domain events. What must commit with the change is written into the
 * transaction as it is recorded: webhooks to their outbox, mail and jobs to the job queue,
 * machine reading to its queue, audit events to the form's trail, so a
 * rolled-back change never sends anything and a committed one always does. Live events are kept
 * and handed to the dispatcher once the transaction has committed.
 */
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { appendAuditEvent } from '../audit/auditTrail.ts';
import { SEND_MAIL_QUEUE } from '../mail/mailJob.ts';
import { queueFormReadings, queueImageReading } from '../ocr/machineReadingQueue.ts';
import { logWebhookDeliveries } from '../webhooks/webhookDeliveryLog.ts';
import {
  type AfterCommitEvent,
  type DomainEvent,
  isLiveEvent,
  type LiveEvent,
  type WrittenEvent,
} from './domainEvents.ts';
import { announceImageChange } from './imageChangeEvents.ts';

export class DomainEvents {
  private readonly afterCommitEvents: AfterCommitEvent[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'jobs'>,
    readonly trx: Knex.Transaction,
  ) {}

  /** Keeps a live event for after the commit. */
  record(event: LiveEvent): void;
  /** Writes what must commit with the change (webhooks, mail, jobs, machine reading) into the transaction now. */
  record(event: WrittenEvent): Promise<void>;
  record(event: DomainEvent): Promise<void> | undefined {
    if (isLiveEvent(event)) {
      this.afterCommitEvents.push(event);
      return undefined;
    }
    return this.writeNow(event);
  }

  private async writeNow(event: WrittenEvent): Promise<void> {
    switch (event.type) {
      case 'image-state-changed': {
        const { webhooks, live } = announceImageChange(event.change);
        await this.writeNow({ type: 'webhooks', form: event.change.form, events: webhooks });
        this.afterCommitEvents.push(...live);
        return;
      }
      case 'webhooks': {
        const deliveryIds = await logWebhookDeliveries(this.trx, event.form, event.events);
        const data = deliveryIds.map((deliveryId) => ({ deliveryId }));
        if (data.length) await this.writeNow({ type: 'jobs', jobs: { queue: 'deliver-webhook', data } });
        return;
      }
      case 'mail':
        return this.deps.jobs.enqueue(this.trx, SEND_MAIL_QUEUE, event.mail);
      case 'job':
        await this.deps.jobs.enqueue(this.trx, event.job.queue, event.job.data);
        if (event.startNow) this.afterCommitEvents.push({ type: 'job-committed', queue: event.job.queue });
        return;
      case 'jobs':
        return this.deps.jobs.enqueueMany<object>(this.trx, event.jobs.queue, event.jobs.data);
      case 'read-image':
        return queueImageReading(this.trx, event.imageId);
      case 'read-form':
        return queueFormReadings(this.trx, event.formId);
      case 'audit':
        return appendAuditEvent(this.trx, event);
    }
  }

  /** What was recorded for after the commit: the live events, and the jobs to start at once. */
  get afterCommit(): readonly AfterCommitEvent[] {
    return this.afterCommitEvents;
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
