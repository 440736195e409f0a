/**
 * The one place events leave the server's hands: recorded events once their transaction has
 * committed, and events of work that has no transaction (an import's progress from its worker,
 * a sign-out, a reset asked for by address). Each consumer takes the events it acts on: the live
 * announcer (socket rooms) the live events, the job queue the mail and jobs.
 */
import type { JobQueue } from '../../jobs/jobQueue.ts';
import { SEND_MAIL_QUEUE } from '../mail/mailJob.ts';
import { type AfterCommitEvent, type DispatchedEvent, isLiveEvent } from './domainEvents.ts';
import type { LiveChannel } from './liveChannel.ts';

export class EventDispatcher {
  constructor(
    private readonly live: LiveChannel,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Live events start publishing at once, in the background (publishing never fails the caller).
   * Mail and jobs are queued; the promise settles when they are, and rejects if they could not be.
   * A job to start now (or one a committed transaction wrote) has this node's workers fetch it.
   */
  async dispatch(events: readonly (DispatchedEvent | AfterCommitEvent)[]): Promise<void> {
    const live = events.filter(isLiveEvent);
    if (live.length) void this.live.publish(live);
    for (const event of events) await this.queue(event);
  }

  private async queue(event: DispatchedEvent | AfterCommitEvent): Promise<void> {
    switch (event.type) {
      case 'mail':
        return this.jobs.send(SEND_MAIL_QUEUE, event.mail);
      case 'job':
        await this.jobs.send(event.job.queue, event.job.data);
        if (event.startNow) this.jobs.wake(event.job.queue);
        return;
      case 'jobs':
        for (const data of event.jobs.data) await this.jobs.send<object>(event.jobs.queue, data);
        return;
      case 'job-committed':
        return this.jobs.wake(event.queue);
    }
  }
}
