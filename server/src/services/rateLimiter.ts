/**
 * Fixed-window counters in PostgreSQL, so limits hold across every node of a deployment.
 * One upsert per hit: the row resets itself once its window has passed.
 */

import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import { HttpError } from '../errors.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

interface Counter {
  count: number;
  resetAt: Date;
}

export class RateLimiter {
  constructor(private readonly knex: Knex) {}

  /** Counts one attempt and throws 429 when the key is over its limit. */
  async hit(key: string, rule: RateRule): Promise<void> {
    const counter = await this.increment(key, rule);
    if (counter.count > rule.limit) throw tooManyRequests(counter.resetAt);
  }

  /** Throws 429 when the key is already at its limit, without counting. */
  async check(key: string, rule: RateRule): Promise<void> {
    const row = await this.knex('rate_limits').where({ key }).where('reset_at', '>', this.knex.fn.now()).first();
    const counter = row as Counter | undefined;
    if (counter && counter.count >= rule.limit) throw tooManyRequests(counter.resetAt);
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
}

function tooManyRequests(resetAt: Date): HttpError {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new HttpError(429, MESSAGES.tooManyRequests, { retryAfterSeconds });
}
