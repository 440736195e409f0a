/**
 * Sign-in limits (README "Sign-in limits"). Every attempt is counted before its password is
 * checked, so a parallel burst gets no more checks than the limit; a successful one is given
 * back, so the counters hold failures only and a school's shared address never fills up.
 *
 * What is counted depends on how well the sign-in knows the caller:
 * - a stranger: failures from the address (any account), failures for the account from that
 *   address, and the account's failures from unknown places (a high cap that slows an attack
 *   spread over many addresses);
 * - an address the account signed in from in the last 30 days: the same, minus the account-wide
 *   cap, so an attack from elsewhere cannot lock the owner out;
 * - a browser with the account's device cookie: only its own failures for the account.
 */
import { RATE_LIMITS } from '@formscribe/common/limits';
import type { AppContext } from '../appTypes.ts';
import { findLoginSource, type LoginSource, presentedDeviceHash } from './knownLoginSources.ts';
import type { RateCounter } from './rateLimiter.ts';

export interface AdmittedLogin {
  /** The password was right: the attempt is no failure, and this place's failures are forgiven. */
  succeeded(): Promise<void>;
}

/** Counts a sign-in attempt for `username`; throws 429 (with Retry-After) past any limit. */
export async function admitLoginAttempt(ctx: AppContext, username: string): Promise<AdmittedLogin> {
  const { knex, rateLimiter } = ctx.deps;
  const deviceHash = presentedDeviceHash(ctx);
  const source = await findLoginSource(knex, username, ctx.ip, deviceHash);
  const { place, others } = countersFor(source, username, ctx.ip, deviceHash);
  const reservation = await rateLimiter.reserve([...others, place]);
  return {
    async succeeded() {
      await reservation.release();
      // The right password from here ends this place's run of mistakes for the account.
      await rateLimiter.reset(place.key);
    },
  };
}

/** The counter for this account from this place (browser or address), and the wider ones. */
function countersFor(
  source: LoginSource,
  username: string,
  ip: string,
  deviceHash: string | undefined,
): { place: RateCounter; others: RateCounter[] } {
  if (source === 'device' && deviceHash) {
    const place = { key: `login:account-device:${username}:${deviceHash}`, rule: RATE_LIMITS.loginPerAccountIp };
    return { place, others: [] };
  }
  const place: RateCounter = { key: `login:account-ip:${username}:${ip}`, rule: RATE_LIMITS.loginPerAccountIp };
  const others: RateCounter[] = [{ key: `login:ip:${ip}`, rule: RATE_LIMITS.loginPerIp }];
  if (source === 'unknown') others.push({ key: `login:account:${username}`, rule: RATE_LIMITS.loginPerAccount });
  return { place, others };
}
