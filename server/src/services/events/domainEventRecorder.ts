/**
 * A transaction's domain events. What must commit with the change is written into the
 * transaction as it is recorded: webhooks to their outbox, mail and jobs to the job queue, so a
 * rolled-back change never sends anything and a committed one always does. Live events are kept
 * and handed to the dispatcher once the transaction has committed.
 */
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { announceImageChange } from '../announcements/imageChangeAnnouncements.ts';
import { SEND_MAIL_QUEUE } from '../mail/mailJob.ts';
import { enqueueWebhookEvents } from '../webhooks/webhookOutbox.ts';
import {
  type DomainEvent,
  type ImageStateChangedEvent,
  isLiveEvent,
  type LiveEvent,
  type QueueEvent,
} from './domainEvents.ts';

export class DomainEvents {
  private readonly liveEvents: LiveEvent[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'jobs'>,
    readonly trx: Knex.Transaction,
  ) {}

  /** Keeps a live event for after the commit. */
  record(event: LiveEvent): void;
  /** Writes what must commit with the change (webhooks, mail, jobs) into the transaction now. */
  record(event: QueueEvent | ImageStateChangedEvent): Promise<void>;
  record(event: DomainEvent): Promise<void> | undefined {
    if (isLiveEvent(event)) {
      this.liveEvents.push(event);
      return undefined;
    }
    return this.writeNow(event);
  }

  private async writeNow(event: QueueEvent | ImageStateChangedEvent): Promise<void> {
    switch (event.type) {
      case 'image-state-changed': {
        const { webhooks, live } = announceImageChange(event.change);
        await enqueueWebhookEvents(this.deps, this.trx, event.change.form, webhooks);
        this.liveEvents.push(...live);
        return;
      }
      case 'mail':
        return this.deps.jobs.enqueue(this.trx, SEND_MAIL_QUEUE, event.mail);
      case 'job':
        return this.deps.jobs.enqueue(this.trx, event.job.queue, event.job.data);
    }
  }

  /** The live events recorded so far, for after the commit. */
  get afterCommit(): readonly LiveEvent[] {
    return this.liveEvents;
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
