/**
 * Sessions: an opaque random token in an httpOnly SameSite=Lax cookie; only its hash is stored.
 * "Remember me" gives a 30-day cookie, otherwise a browser-session cookie (DESIGN.md section 6).
 */
import { BROWSER_SESSION_TTL_MS, REMEMBERED_SESSION_TTL_MS } from '@formscribe/common/limits';
import type { Knex } from 'knex';
import type { AppContext } from '../appTypes.ts';
import { Session, type User } from '../models/index.ts';
import { hashToken, newSecretToken } from './secureTokens.ts';

export const SESSION_COOKIE = 'formscribe_session';
/** Expiry is pushed forward at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const ttlFor = (persistent: boolean) => (persistent ? REMEMBERED_SESSION_TTL_MS : BROWSER_SESSION_TTL_MS);

function setSessionCookie(ctx: AppContext, token: string, persistent: boolean): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.deps.config.secureCookies,
    path: '/',
    overwrite: true,
    ...(persistent ? { maxAge: REMEMBERED_SESSION_TTL_MS } : {}),
  });
}

export function clearSessionCookie(ctx: AppContext): void {
  ctx.cookies.set(SESSION_COOKIE, null, { path: '/', overwrite: true });
}

/** Starts a new session (a new token at every login) and sets its cookie. */
export async function startSession(
  ctx: AppContext,
  user: User,
  persistent: boolean,
  trx?: Knex.Transaction,
): Promise<Session> {
  const token = newSecretToken();
  const session = await Session.query(trx).insertAndFetch({
    userId: user.id,
    tokenHash: hashToken(token),
    persistent,
    expiresAt: new Date(Date.now() + ttlFor(persistent)),
    userAgent: ctx.get('User-Agent').slice(0, 300) || null,
    ip: ctx.ip,
  });
  setSessionCookie(ctx, token, persistent);
  ctx.state.user = user;
  ctx.state.session = session;
  return session;
}

/** Finds the live session for a cookie token, with its user, in one query. */
export async function findSession(token: string): Promise<{ session: Session; user: User } | undefined> {
  const session = await Session.query()
    .withGraphJoined('user')
    .where('sessions.tokenHash', hashToken(token))
    .where('sessions.expiresAt', '>', new Date())
    .first();
  return session?.user ? { session, user: session.user } : undefined;
}

/** Slides the expiry forward for active users (at most every few minutes). */
export async function touchSession(ctx: AppContext, session: Session, token: string): Promise<void> {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await Session.query()
    .findById(session.id)
    .patch({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + ttlFor(session.persistent)) });
  if (session.persistent) setSessionCookie(ctx, token, true);
}

export async function endSession(sessionId: number): Promise<void> {
  await Session.query().deleteById(sessionId);
}

/** Ends every session of a user (password change or reset, account deletion). */
export async function endAllSessions(userId: number, trx?: Knex.Transaction): Promise<void> {
  await Session.query(trx).where({ userId }).delete();
}
