/**
 * The live consumer of domain events as the dispatcher sees it (services/events/): it shapes
 * live events into the payloads of `common/src/realtime.ts` and hands them to the socket
 * transport. The live announcer (announcements/liveAnnouncer.ts) is the one implementation.
 */
import type { LiveEvent } from './domainEvents.ts';

export interface LiveChannel {
  /** Publishes events of a committed change (or of work without a transaction), in the background. */
  publish(events: readonly LiveEvent[]): Promise<void>;
}
