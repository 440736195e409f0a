/** Single-use, expiring tokens mailed to users; stored hashed, consumed atomically. */
import type { Knex } from 'knex';
import type { AccountTokenModel } from '../models/AccountToken.ts';
import { hashToken, newSecretToken } from './secureTokens.ts';

export async function issueAccountToken(
  model: AccountTokenModel,
  userId: number,
  ttlMs: number,
  trx: Knex.Transaction,
): Promise<string> {
  const token = newSecretToken();
  await model.query(trx).insert({ userId, token: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The user id a live, unused token belongs to, or undefined; does not consume it. */
export async function peekAccountToken(
  model: AccountTokenModel,
  token: string,
  trx?: Knex.Transaction,
): Promise<number | undefined> {
  const row = await model
    .query(trx)
    .where('token', hashToken(token))
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date())
    .first();
  return row?.userId;
}

/**
 * Marks a live token used and returns its user id. The conditional UPDATE makes it single-use
 * even when two requests race with the same link.
 */
export async function consumeAccountToken(
  model: AccountTokenModel,
  token: string,
  trx: Knex.Transaction,
): Promise<number | undefined> {
  const rows = await model
    .query(trx)
    .patch({ usedAt: new Date() })
    .where('token', hashToken(token))
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date())
    .returning('userId');
  const [row] = rows as unknown as { userId: number }[];
  return row?.userId;
}

/**
 * Retires a user's outstanding tokens of this kind: a new link voids older ones, and a change of
 * password or e-mail voids every reset link (services/credentialChanges.ts).
 */
export async function retireAccountTokens(model: AccountTokenModel, userId: number, trx: Knex.Transaction) {
  await model.query(trx).patch({ usedAt: new Date() }).where({ userId }).whereNull('usedAt');
}
