/**
 * Image leases: the rows that say "this contributor has this image open, handed out by
 * next-image". A live lease counts as an entry on its way when next-image decides which image
 * still has room (see nextImage.ts). One live lease per contributor per form: taking a new one
 * drops their others on that form. Each image row carries its number of lease rows
 * (`lease_count`, kept by a trigger), which orders next-image's choice; expired rows stop counting
 * for room at once (every room check compares `expires_at` with now()) and are deleted by the
 * sweeper (leaseSweeper.ts).
 *
 * Locks: deleting or inserting a lease updates its image row (the trigger). Statements that
 * may touch another image than the one a transaction already holds run on their own, outside
 * any transaction, so no transaction ever waits for a second image row while holding one.
 */
import { IMAGE_LEASE_TTL_MS } from '@formscribe/common/limits';
import type { Knex } from 'knex';

const LEASES = 'image_leases';

export function leaseExpiry(): Date {
  return new Date(Date.now() + IMAGE_LEASE_TTL_MS);
}

export interface LeaseHeld {
  imageId: number;
  live: boolean;
}

/** Extends a lease the contributor holds (they asked again for the image they have open). */
export async function renewLease(knex: Knex, imageId: number, userId: number): Promise<void> {
  await knex(LEASES).where({ image_id: imageId, user_id: userId }).update({ expires_at: leaseExpiry() });
}

/**
 * Ends the contributor's leases on these images, one statement per lease so that none waits for
 * an image row while holding another. Run outside a transaction.
 */
export async function releaseLeases(knex: Knex, imageIds: readonly number[], userId: number): Promise<void> {
  for (const imageId of imageIds) await releaseLease(knex, imageId, userId);
}

/**
 * Ends a contributor's lease on one image: they entered it, voted on it or skipped it. Inside a
 * transaction, call it only with that image row locked already.
 */
export async function releaseLease(trx: Knex | Knex.Transaction, imageId: number, userId: number): Promise<void> {
  await trx(LEASES).where({ image_id: imageId, user_id: userId }).delete();
}

/** Ends every lease a contributor holds: they left (their last socket closed). */
export async function releaseUserLeases(knex: Knex, userId: number): Promise<void> {
  const held: { imageId: number }[] = await knex(LEASES).where({ user_id: userId }).select('image_id');
  await releaseLeases(
    knex,
    held.map((lease) => lease.imageId),
    userId,
  );
}

/**
 * Deletes leases that have expired (at most `batch`), one statement each, and says how many went.
 * Their images then sort by their entries alone again.
 */
export async function sweepExpiredLeases(knex: Knex, batch = 500): Promise<number> {
  // Rows come back camel-cased (the knex instance maps identifiers both ways).
  const expired: { imageId: number; userId: number }[] = await knex(LEASES)
    .where('expires_at', '<=', knex.raw('now()'))
    .limit(batch)
    .select('image_id', 'user_id');
  let swept = 0;
  for (const lease of expired) {
    swept += await knex(LEASES)
      .where({ image_id: lease.imageId, user_id: lease.userId })
      .where('expires_at', '<=', knex.raw('now()'))
      .delete();
  }
  return swept;
}
