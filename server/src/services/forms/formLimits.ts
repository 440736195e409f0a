/**
 * Plan limits on active forms, checked inside the caller's transaction with the owner's row
 * locked, so parallel requests at the limit cannot both pass.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import { forbidden } from '../../errors.ts';
import { Form, User } from '../../models/index.ts';
import { limitsOf } from '../../policies/entitlements.ts';

export async function lockOwner(trx: Knex.Transaction, ownerId: number): Promise<User> {
  const owner = await User.query(trx).findById(ownerId).forUpdate();
  if (!owner) throw new Error(`form owner ${ownerId} missing`);
  return owner;
}

/** Throws the spec's upgrade error when the owner already has as many active forms as the plan allows. */
export async function assertCanActivateAnotherForm(trx: Knex.Transaction, ownerId: number): Promise<void> {
  const owner = await lockOwner(trx, ownerId);
  const active = await Form.query(trx).where({ createdById: ownerId, isActive: true }).resultSize();
  const limit = limitsOf(owner).activeFormLimit;
  if (active >= limit) {
    throw forbidden(MESSAGES.activeFormLimitReached, {
      upgrade: true,
      limit,
      plan: owner.plan,
    });
  }
}
