/**
 * A transaction's announcements. Webhook events go to the outbox inside the transaction (a
 * rolled-back change never sends one); live events are collected here and published only after
 * the transaction committed, by `announcingTransaction`.
 */
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import type { ImageStateChange } from '../imageState/imageStateChange.ts';
import { enqueueWebhookEvents } from '../webhooks/webhookOutbox.ts';
import { announceImageChange } from './imageChangeAnnouncements.ts';
import type { LiveEvent } from './liveEvents.ts';

export class Announcements {
  private readonly liveEvents: LiveEvent[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'jobs'>,
    readonly trx: Knex.Transaction,
  ) {}

  /** Records what an image's change announces: its webhooks now (outbox), its live events for after commit. */
  async imageStateChanged(change: ImageStateChange): Promise<void> {
    const { webhooks, live } = announceImageChange(change);
    await enqueueWebhookEvents(this.deps, this.trx, change.form, webhooks);
    this.liveEvents.push(...live);
  }

  /** The live events recorded so far, to publish once the transaction has committed. */
  get live(): readonly LiveEvent[] {
    return this.liveEvents;
  }
}

/**
 * Runs `work` in a transaction with its announcements, then publishes the live events once the
 * transaction committed (in the background: publishing never fails or holds up the caller).
 */
export async function announcingTransaction<T>(
  deps: Pick<AppDeps, 'knex' | 'jobs' | 'live'>,
  work: (announcements: Announcements) => Promise<T>,
): Promise<T> {
  let announcements: Announcements | undefined;
  const result = await deps.knex.transaction((trx) => {
    announcements = new Announcements(deps, trx);
    return work(announcements);
  });
  if (announcements) void deps.live.publish(announcements.live);
  return result;
}
