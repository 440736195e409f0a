/**
 * Browsers and addresses that have signed in to an account before. The sign-in limits trust
 * them more than strangers, so that an attacker who spends an account's allowance of wrong
 * passwords locks out nobody but themselves.
 *
 * A browser is known by a device cookie: a random token set at a successful sign-in, kept a
 * year, never sent to scripts; only its hash is stored. An address is known for 30 days after
 * its last successful sign-in to that account.
 */
import { KNOWN_DEVICE_TTL_MS, KNOWN_IP_TTL_MS } from '@formscribe/common/limits';
import type { Knex } from 'knex';
import type { AppContext } from '../appTypes.ts';
import type { User } from '../models/index.ts';
import { hashToken, newSecretToken } from './secureTokens.ts';

export const DEVICE_COOKIE = 'formscribe_device';
/** Only the sign-in route reads the cookie, so no other request carries it. */
const DEVICE_COOKIE_PATH = '/api/login';

/** How the sign-in knows the caller: by this browser's device cookie, by its address, or not at all. */
export type LoginSource = 'device' | 'ip' | 'unknown';

/** The hash of the device token this browser presents, if it presents one. */
export function presentedDeviceHash(ctx: AppContext): string | undefined {
  const token = ctx.cookies.get(DEVICE_COOKIE);
  return token ? hashToken(token) : undefined;
}

/** Whether the account (by its e-mail) has signed in from this browser or this address recently. */
export async function findLoginSource(
  knex: Knex,
  username: string,
  ip: string,
  deviceHash: string | undefined,
): Promise<LoginSource> {
  const rows: { kind: 'device' | 'ip' }[] = await knex('known_login_sources as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('u.username', username)
    .where((where) => {
      where.where((ipMatch) =>
        ipMatch
          .where({ 's.kind': 'ip', 's.fingerprint': ip })
          .where('s.last_success_at', '>', new Date(Date.now() - KNOWN_IP_TTL_MS)),
      );
      if (deviceHash) {
        where.orWhere((deviceMatch) =>
          deviceMatch
            .where({ 's.kind': 'device', 's.fingerprint': deviceHash })
            .where('s.last_success_at', '>', new Date(Date.now() - KNOWN_DEVICE_TTL_MS)),
        );
      }
    })
    .select('s.kind');
  if (rows.some((row) => row.kind === 'device')) return 'device';
  return rows.length > 0 ? 'ip' : 'unknown';
}

/**
 * Remembers this browser and address for the account after a successful sign-in, and (re)sets
 * the device cookie for another year. A browser keeps one token for every account signed in on
 * it; a token the server never issued is replaced, so nobody can choose the token a victim's
 * browser will be known by.
 */
export async function rememberLoginSource(ctx: AppContext, user: User): Promise<void> {
  const { knex, config } = ctx.deps;
  const presented = ctx.cookies.get(DEVICE_COOKIE);
  const token = presented && (await wasIssued(knex, hashToken(presented))) ? presented : newSecretToken();
  setDeviceCookie(ctx, token, config.secureCookies);
  await knex('known_login_sources')
    .insert([
      { user_id: user.id, kind: 'device', fingerprint: hashToken(token) },
      { user_id: user.id, kind: 'ip', fingerprint: ctx.ip },
    ])
    .onConflict(['user_id', 'kind', 'fingerprint'])
    .merge({ last_success_at: knex.fn.now() });
  await forgetExpiredSources(knex, user.id);
}

/** Drops the account's places that no longer count, so a roaming phone's addresses do not pile up. */
async function forgetExpiredSources(knex: Knex, userId: number): Promise<void> {
  await knex('known_login_sources')
    .where({ user_id: userId })
    .where((expired) =>
      expired
        .where((ip) => ip.where({ kind: 'ip' }).where('last_success_at', '<', new Date(Date.now() - KNOWN_IP_TTL_MS)))
        .orWhere((device) =>
          device.where({ kind: 'device' }).where('last_success_at', '<', new Date(Date.now() - KNOWN_DEVICE_TTL_MS)),
        ),
    )
    .delete();
}

async function wasIssued(knex: Knex, deviceHash: string): Promise<boolean> {
  return Boolean(await knex('known_login_sources').where({ kind: 'device', fingerprint: deviceHash }).first('id'));
}

function setDeviceCookie(ctx: AppContext, token: string, secure: boolean): void {
  ctx.cookies.set(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: KNOWN_DEVICE_TTL_MS,
    overwrite: true,
  });
}
