/**
 * Fixed-window counters in PostgreSQL, so limits hold across every node of a deployment.
 * One upsert per hit: the row resets itself once its window has passed.
 *
 * Attempts are counted BEFORE the work they limit (a password check, a mail): counting afterwards
 * lets a parallel burst through, since every request of the burst reads the counter before any
 * of them has added to it. An attempt that turns out fine can then be given back.
 */

import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import { HttpError } from '../errors.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateCounter {
  key: string;
  rule: RateRule;
}

interface Counter {
  count: number;
  resetAt: Date;
}

/** Attempts counted by `reserve`, until the caller knows whether they should stay counted. */
export interface Reservation {
  /** Gives the attempt back on every counter (it succeeded, so it was no attack). */
  release(): Promise<void>;
}

export class RateLimiter {
  constructor(private readonly knex: Knex) {}

  /** Counts one attempt and throws 429 when the key is over its limit. */
  async hit(key: string, rule: RateRule): Promise<void> {
    const counter = await this.increment(key, rule);
    if (counter.count > rule.limit) throw tooManyRequests(counter.resetAt);
  }

  /**
   * Counts one attempt on every counter, in order, each atomically. When one is past its limit,
   * the attempt is given back everywhere and a 429 is thrown: a refused attempt was never made,
   * so it uses up nothing (hammering one account must not exhaust a shared address's allowance).
   */
  async reserve(counters: RateCounter[]): Promise<Reservation> {
    const taken: string[] = [];
    const release = () => this.releaseAll(taken);
    for (const { key, rule } of counters) {
      const counter = await this.increment(key, rule);
      taken.push(key);
      if (counter.count > rule.limit) {
        await release();
        throw tooManyRequests(counter.resetAt);
      }
    }
    return { release };
  }

  async increment(key: string, rule: RateRule): Promise<Counter> {
    const seconds = Math.ceil(rule.windowMs / 1000);
    const { rows } = await this.knex.raw(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 1, now() + make_interval(secs => ?))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
       RETURNING count, reset_at AS "resetAt"`,
      [key, seconds],
    );
    return rows[0] as Counter;
  }

  async reset(key: string): Promise<void> {
    await this.knex('rate_limits').where({ key }).delete();
  }

  // One statement per key: each locks a single row, so concurrent reservations never deadlock.
  // Emptying the list first makes a second release give nothing back twice.
  private async releaseAll(taken: string[]): Promise<void> {
    for (const key of taken.splice(0)) {
      await this.knex('rate_limits')
        .where({ key })
        .where('reset_at', '>', this.knex.fn.now())
        .where('count', '>', 0)
        .decrement('count', 1);
    }
  }
}

function tooManyRequests(resetAt: Date): HttpError {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new HttpError(429, MESSAGES.tooManyRequests, { retryAfterSeconds });
}
