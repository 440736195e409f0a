/**
 * The one place events leave the server's hands: recorded events once their transaction has
 * committed, and events of work that has no transaction (an import's progress from its worker,
 * a sign-out, a reset asked for by address). Each consumer takes the events it acts on: the live
 * announcer (socket rooms) the live events, the job queue the mail and jobs.
 */
import type { JobQueue } from '../../jobs/jobQueue.ts';
import type { LiveChannel } from '../announcements/liveEvents.ts';
import { SEND_MAIL_QUEUE } from '../mail/mailJob.ts';
import { type DispatchedEvent, isLiveEvent } from './domainEvents.ts';

export class EventDispatcher {
  constructor(
    private readonly live: LiveChannel,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Live events start publishing at once, in the background (publishing never fails the caller).
   * Mail and jobs are queued; the promise settles when they are, and rejects if they could not be.
   */
  async dispatch(events: readonly DispatchedEvent[]): Promise<void> {
    const live = events.filter(isLiveEvent);
    if (live.length) void this.live.publish(live);
    for (const event of events) {
      if (event.type === 'mail') await this.jobs.send(SEND_MAIL_QUEUE, event.mail);
      if (event.type === 'job') await this.jobs.send(event.job.queue, event.job.data);
    }
  }
}
