/**
 * Deletes expired image leases now and then. An expired lease already gives no one a claim (room
 * is judged on live leases), but until its row goes its image sorts as if it were still leased
 * (lease_count), so it would be offered a little later than its entries alone say. Each node
 * sweeps; two sweeps of the same rows simply find nothing left the second time.
 */
import type { Knex } from 'knex';
import type { Logger } from '../../logger.ts';
import { sweepExpiredLeases } from './imageLeases.ts';

export const LEASE_SWEEP_INTERVAL_MS = 30_000;

export class LeaseSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
    private readonly intervalMs = LEASE_SWEEP_INTERVAL_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep().finally(() => {
        this.running = undefined;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress, so the pool can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sweep(): Promise<void> {
    try {
      const swept = await sweepExpiredLeases(this.knex);
      if (swept) this.logger.debug({ swept }, 'expired image leases deleted');
    } catch (error) {
      this.logger.warn({ err: error }, 'expired image lease sweep failed');
    }
  }
}
