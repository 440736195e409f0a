/**
 * Registration limits per address: a whole class behind one school address can sign up within
 * minutes (a burst window), while a script is held to a sustained hourly rate. Time passing is
 * simulated by moving the counters' reset times in PostgreSQL, never by sleeping.
 */
import { RATE_LIMITS } from '@formscribe/common/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const BURST = RATE_LIMITS.registerBurstPerIp.limit;
const SUSTAINED = RATE_LIMITS.registerSustainedPerIp.limit;
/** At most this many registrations in flight at once: each success hashes a password (19 MiB). */
const WAVE = 15;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

let nextPupil = 0;

interface Attempt {
  status: number;
  retryAfter: number | null;
}

/** `count` sign-ups from the test's one address, sent in concurrent waves. */
async function registerMany(count: number): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (let sent = 0; sent < count; sent += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, count - sent) }, async () => {
      nextPupil += 1;
      const username = `pupil-${nextPupil}@school.example`;
      const res = await server.client().post('/api/register', { username, password: 'hunter22' });
      const retryAfter = res.headers.get('retry-after');
      return { status: res.status, retryAfter: retryAfter === null ? null : Number(retryAfter) };
    });
    attempts.push(...(await Promise.all(wave)));
  }
  return attempts;
}

const withStatus = (attempts: Attempt[], status: number) => attempts.filter((a) => a.status === status);

async function accountCount(): Promise<number> {
  const [row] = await server.knex('users').where('username', 'like', 'pupil-%').count<{ count: string }[]>('id');
  return Number(row?.count);
}

/** Moves a counter's window end, as if that much time had passed (or the count had grown). */
function setCounter(kind: 'burst' | 'sustained', change: { resetAt?: Date; count?: number }) {
  return server
    .knex('rate_limits')
    .where({ key: `register:ip:${kind}:127.0.0.1` })
    .update({
      ...(change.resetAt ? { reset_at: change.resetAt } : {}),
      ...(change.count ? { count: change.count } : {}),
    });
}

describe('registration limits per address', () => {
  it(`a burst of 150 sign-ups: the first ${BURST} get accounts, the rest 429 with Retry-After, and a minute later more get in`, async () => {
    const burst = await registerMany(150);

    expect(withStatus(burst, 201)).toHaveLength(BURST);
    const refused = withStatus(burst, 429);
    expect(refused).toHaveLength(150 - BURST);
    for (const attempt of refused) {
      expect(attempt.retryAfter).toBeGreaterThanOrEqual(1);
      expect(attempt.retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await accountCount()).toBe(BURST);

    // The burst window ends: the class's next sign-ups go through.
    await setCounter('burst', { resetAt: new Date(Date.now() - 1000) });
    const nextMinute = await registerMany(20);
    expect(withStatus(nextMinute, 201)).toHaveLength(20);
    expect(await accountCount()).toBe(BURST + 20);
  }, 120_000);

  it(`a script that keeps going is held to ${SUSTAINED} an hour, told to come back within the hour`, async () => {
    // Each burst window has passed, but the hour's allowance is used up.
    await setCounter('burst', { resetAt: new Date(Date.now() - 1000) });
    await setCounter('sustained', { count: SUSTAINED });
    const before = await accountCount();

    const late = await registerMany(5);
    expect(withStatus(late, 429)).toHaveLength(5);
    for (const attempt of late) {
      expect(attempt.retryAfter).toBeGreaterThan(60);
      expect(attempt.retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await accountCount()).toBe(before);

    // The hour ends: sign-ups go through again; the refused ones used up no burst allowance.
    await setCounter('sustained', { resetAt: new Date(Date.now() - 1000) });
    const nextHour = await registerMany(BURST);
    expect(withStatus(nextHour, 201)).toHaveLength(BURST);
  }, 120_000);
});
