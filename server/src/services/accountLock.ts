/**
 * The one lock every credential change takes first: the user's row, FOR UPDATE. A change of
 * password or e-mail, a reset, the mail worker issuing a reset link and the creation of an API
 * token all begin with it, so they run one after another for an account (credentialChanges.ts).
 */
import type { Knex } from 'knex';
import { User } from '../models/index.ts';

/** The user's row, locked until `trx` ends; undefined when the account is gone. */
export async function lockAccount(trx: Knex.Transaction, userId: number): Promise<User | undefined> {
  return await User.query(trx).findById(userId).forUpdate();
}

/** The account registered at `email`, locked until `trx` ends; undefined when there is none. */
export async function lockAccountByEmail(trx: Knex.Transaction, email: string): Promise<User | undefined> {
  return await User.query(trx).findOne({ username: email }).forUpdate();
}
