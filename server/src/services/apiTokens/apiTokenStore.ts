/**
 * Personal access tokens: made, listed and revoked by their owner on the profile page, and looked
 * up by the public API on every call. Stored like sessions: only the SHA-256 of the secret, so
 * the table cannot be replayed; the secret is returned once, at creation.
 */
import { API_TOKENS_PER_ACCOUNT } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@formscribe/common/schemas/apiTokens';
import type { Knex } from 'knex';
import { readRow } from '../../db/leanReads.ts';
import { conflict, unauthorized } from '../../errors.ts';
import { ApiToken } from '../../models/ApiToken.ts';
import { Session, User } from '../../models/index.ts';
import { lockAccount } from '../accountLock.ts';
import { hashToken, newSecretToken } from '../secureTokens.ts';

/** Characters of the secret kept in clear to tell tokens apart (the prefix plus six random ones). */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 6;
/** `last_used_at` is written at most this often per token, so a busy client does not write on every call. */
const LAST_USED_PRECISION_MS = 60_000;

export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  expiresAt: string | null;
}

/**
 * Makes a token for the user signed in with `sessionId`, within the cap. The account is locked
 * first (accountLock.ts): parallel creations are counted one after another, so none passes the
 * cap; and a password change that ended this session meanwhile (revoking the tokens it found)
 * leaves the session unable to make one after it.
 */
export async function createApiToken(
  user: User,
  sessionId: number,
  input: NewApiToken,
): Promise<{ token: ApiToken; secret: string }> {
  return await ApiToken.transaction(async (trx) => {
    await lockAccount(trx, user.id);
    if (!(await Session.query(trx).findById(sessionId))) throw unauthorized(MESSAGES.notAuthenticated);
    const held = await ApiToken.query(trx).where({ userId: user.id }).resultSize();
    if (held >= API_TOKENS_PER_ACCOUNT) throw conflict(MESSAGES.apiTokenLimitReached);
    const secret = `${API_TOKEN_PREFIX}${newSecretToken()}`;
    const token = await ApiToken.query(trx).insertAndFetch({
      userId: user.id,
      name: input.name,
      scope: input.scope,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      tokenHash: hashToken(secret),
      hint: secret.slice(0, HINT_LENGTH),
    });
    return { token, secret };
  });
}

export async function listApiTokens(user: User): Promise<ApiToken[]> {
  return await ApiToken.query().where({ userId: user.id }).orderBy('id', 'desc');
}

/** Deletes one of the user's own tokens; false when they have none with that id. */
export async function revokeApiToken(user: User, tokenId: number): Promise<boolean> {
  const deleted = await ApiToken.query().where({ id: tokenId, userId: user.id }).delete();
  return deleted > 0;
}

/**
 * Deletes every token of the user, in the caller's transaction: a new password ends what the old
 * one let anyone make (services/credentialChanges.ts). Returns how many there were.
 */
export async function revokeAllApiTokens(userId: number, trx: Knex.Transaction): Promise<number> {
  return await ApiToken.query(trx).where({ userId }).delete();
}

const TOKEN_WITH_USER_SQL = `SELECT u.*, t.id AS token_id, t.name AS token_name, t.scope AS token_scope,
    t.hint AS token_hint, t.expires_at AS token_expires_at, t.last_used_at AS token_last_used_at,
    t.created_at AS token_created_at
  FROM api_tokens t JOIN users u ON u.id = t.user_id
  WHERE t.token_hash = ?`;

/**
 * The token a secret belongs to, with its owner: one statement on the hash's unique index, in
 * fixed SQL because every API call runs it (db/leanReads.ts). Expired tokens are returned too,
 * so the caller can say why a token stopped working.
 */
export async function findApiToken(secret: string): Promise<{ token: ApiToken; user: User } | undefined> {
  const row = await readRow(ApiToken.knex(), TOKEN_WITH_USER_SQL, [hashToken(secret)]);
  if (!row) return undefined;
  const { tokenId, tokenName, tokenScope, tokenHint, tokenExpiresAt, tokenLastUsedAt, tokenCreatedAt, ...userRow } =
    row;
  const user = User.fromDatabaseJson(userRow);
  const token = ApiToken.fromDatabaseJson({
    id: tokenId,
    userId: user.id,
    name: tokenName,
    scope: tokenScope,
    hint: tokenHint,
    expiresAt: tokenExpiresAt,
    lastUsedAt: tokenLastUsedAt,
    createdAt: tokenCreatedAt,
  });
  return { token, user };
}

export function isExpired(token: ApiToken, now = new Date()): boolean {
  return token.expiresAt !== null && token.expiresAt <= now;
}

/** Records a use, at most once a minute per token (the guard in SQL keeps racing nodes to one write). */
export async function recordApiTokenUse(token: ApiToken): Promise<void> {
  if (token.lastUsedAt && Date.now() - token.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  await ApiToken.query()
    .findById(token.id)
    .where((q) => q.whereNull('lastUsedAt').orWhere('lastUsedAt', '<', new Date(Date.now() - LAST_USED_PRECISION_MS)))
    .patch({ lastUsedAt: new Date() });
}
