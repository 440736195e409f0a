/**
 * Image leases: the rows that say "this contributor has this image open, handed out by
 * next-image". A live lease counts as an entry on its way when next-image decides which image
 * still has room (see nextImage.ts). One live lease per contributor per form: taking a new one
 * drops their others on that form. Expired rows are harmless (every read compares `expires_at`
 * with now()) and are dropped when their holder takes their next lease.
 */
import { IMAGE_LEASE_TTL_MS } from '@formscribe/common/limits';
import type { Knex } from 'knex';

const LEASES = 'image_leases';

function leaseExpiry(): Date {
  return new Date(Date.now() + IMAGE_LEASE_TTL_MS);
}

/** The live-lease condition, for queries that join or count `image_leases` under `alias`. */
export function isLive(alias: string, knex: Knex): Knex.Raw {
  return knex.raw('??.expires_at > now()', [alias]);
}

/**
 * Gives `imageId` to `userId` for IMAGE_LEASE_TTL_MS (renewing it if they hold it already) and
 * drops their other leases on the form. Call with the image row locked, so the room counted
 * before is still there.
 */
export async function takeLease(trx: Knex.Transaction, formId: number, imageId: number, userId: number) {
  await trx(LEASES).where({ user_id: userId, form_id: formId }).whereNot({ image_id: imageId }).delete();
  await trx(LEASES)
    .insert({ image_id: imageId, user_id: userId, form_id: formId, expires_at: leaseExpiry() })
    .onConflict(['image_id', 'user_id'])
    .merge(['expires_at']);
}

/** Ends a contributor's lease on one image: they entered it, voted on it or skipped it. */
export async function releaseLease(trx: Knex | Knex.Transaction, imageId: number, userId: number): Promise<void> {
  await trx(LEASES).where({ image_id: imageId, user_id: userId }).delete();
}

/** Ends every lease a contributor holds: they left (their last socket closed). */
export async function releaseUserLeases(knex: Knex, userId: number): Promise<void> {
  await knex(LEASES).where({ user_id: userId }).delete();
}
