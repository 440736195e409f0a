/**
 * Sessions: an opaque random token in an httpOnly SameSite=Lax cookie; only its hash is stored.
 * "Remember me" gives a 30-day cookie, otherwise a browser-session cookie (docs/architecture.md,
 * 'Security baseline').
 */
import { BROWSER_SESSION_TTL_MS, REMEMBERED_SESSION_TTL_MS } from '@formscribe/common/limits';
import type { Knex } from 'knex';
import type { AppContext } from '../appTypes.ts';
import { readRow, rowFromJson } from '../db/leanReads.ts';
import { plannedOnce } from '../db/plannedOnce.ts';
import { Session, User } from '../models/index.ts';
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

/**
 * The user's row as JSON, and the session's columns under a prefix (both tables have id and
 * created_at). JSON, not `u.*`, so the columns out stay the same when a migration adds one to
 * users: the statement is then safe to plan once per connection (db/plannedOnce.ts), which saves
 * PostgreSQL's planner about 0.2 ms on every signed-in request.
 */
const SESSION_AND_USER_COLUMNS = `SELECT to_jsonb(u) AS user_row, s.id AS session_id, s.token_hash AS session_token_hash,
    s.persistent AS session_persistent, s.expires_at AS session_expires_at, s.created_at AS session_created_at,
    s.last_seen_at AS session_last_seen_at, s.user_agent AS session_user_agent, s.ip AS session_ip`;
const LIVE_SESSION_BY_TOKEN_HASH = `FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = ? AND s.expires_at > now()`;

export const SESSION_WITH_USER_SQL = `${SESSION_AND_USER_COLUMNS}
  ${LIVE_SESSION_BY_TOKEN_HASH}`;

/**
 * The same, with the form a request is about and where the user stands towards it (the form's row
 * as JSON, with `caller_has_access` and `caller_is_blocked`): a form route then needs no second
 * statement for its policy (policies/forms.ts). The form's id is the first binding.
 */
export const SESSION_WITH_USER_AND_FORM_SQL = `${SESSION_AND_USER_COLUMNS},
    (SELECT to_jsonb(f) || jsonb_build_object(
        'caller_has_access', EXISTS (SELECT 1 FROM form_access a WHERE a.form_id = f.id AND a.user_id = u.id),
        'caller_is_blocked', EXISTS (SELECT 1 FROM form_user_blocks b WHERE b.form_id = f.id AND b.user_id = u.id))
      FROM forms f WHERE f.id = ?) AS form_with_standing
  ${LIVE_SESSION_BY_TOKEN_HASH}`;

/** The names the two session reads are prepared under (the B1b primitive uses them too). */
export const SESSION_STATEMENTS = {
  withUser: plannedOnce('session_with_user'),
  withUserAndForm: plannedOnce('session_with_user_and_form'),
};

export interface FoundSession {
  session: Session;
  user: User;
  /** The asked-for form's row with the user's standing (null when there is no such form). */
  formWithStanding?: Record<string, unknown> | null;
}

/**
 * Finds the live session for a cookie token, with its user: one statement on the token hash's
 * unique index, in fixed SQL because every signed-in request runs it (db/leanReads.ts). With
 * `formId`, the same statement reads that form and the user's standing towards it.
 */
export async function findSession(token: string, formId?: number): Promise<FoundSession | undefined> {
  const row =
    formId === undefined
      ? await readRow(Session.knex(), SESSION_WITH_USER_SQL, [hashToken(token)], SESSION_STATEMENTS.withUser)
      : await readRow(
          Session.knex(),
          SESSION_WITH_USER_AND_FORM_SQL,
          [formId, hashToken(token)],
          SESSION_STATEMENTS.withUserAndForm,
        );
  if (!row) return undefined;
  const {
    userRow,
    formWithStanding,
    sessionId,
    sessionTokenHash,
    sessionPersistent,
    sessionExpiresAt,
    sessionCreatedAt,
    sessionLastSeenAt,
    sessionUserAgent,
    sessionIp,
  } = row;
  const user = User.fromDatabaseJson(rowFromJson(userRow as Record<string, unknown>));
  const session = Session.fromDatabaseJson({
    id: sessionId,
    userId: user.id,
    tokenHash: sessionTokenHash,
    persistent: sessionPersistent,
    expiresAt: sessionExpiresAt,
    createdAt: sessionCreatedAt,
    lastSeenAt: sessionLastSeenAt,
    userAgent: sessionUserAgent,
    ip: sessionIp,
  });
  session.user = user;
  return { session, user, formWithStanding: formWithStanding as FoundSession['formWithStanding'] };
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
