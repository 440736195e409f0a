/**
 * Which image a contributor gets next, handed out with a lease (imageLeases.ts) so that people
 * asking at the same moment spread over different images.
 *
 * Offered: an image of the form that is not complete, that the contributor has not entered or
 * voted on, and that still has room. Room counts entries plus other contributors' live leases
 * (entries on their way) against what agreement still needs:
 *   - below the threshold: room while entries + leases < requiredEntriesPerImage;
 *   - at or past it with a field still unverified (the entries disagree): room for one more
 *     contributor at a time (entries + leases < entries + 1, i.e. nobody else holds it), since one
 *     more entry can settle it;
 *   - at or past it with every field verified but not complete (a form without data fields):
 *     no room, more entries cannot complete it.
 * Among those, the least covered (entries + leases) first, at random among equals. The choice is
 * taken with the image row locked `SKIP LOCKED`, so simultaneous requests take different rows
 * instead of queueing on one; the room is counted again once the row is ours (the first count
 * may predate a lease committed meanwhile). A contributor holding a live lease on the form gets
 * that image again (a reload), unless they are skipping it.
 */
import type { Knex } from 'knex';
import { type Form, FormImage, type User } from '../../models/index.ts';
import { takeLease } from './imageLeases.ts';

/** How often a candidate found full on the second count is passed over before giving up. */
const CANDIDATE_ATTEMPTS = 5;

function imagesNeedingUser(form: Form, user: User, trx?: Knex.Transaction) {
  return FormImage.query(trx)
    .where('form_images.form_id', form.id)
    .where('form_images.is_complete', false)
    .whereNotExists((q) =>
      q
        .from('form_submissions')
        .whereColumn('form_submissions.image_id', 'form_images.id')
        .where('form_submissions.submitted_by_id', user.id),
    )
    .whereNotExists((q) =>
      q
        .from('image_no_data_votes')
        .whereColumn('image_no_data_votes.image_id', 'form_images.id')
        .where('image_no_data_votes.user_id', user.id),
    )
    .whereNotExists((q) =>
      q
        .from('image_unreadable_votes')
        .whereColumn('image_unreadable_votes.image_id', 'form_images.id')
        .where('image_unreadable_votes.user_id', user.id),
    );
}

/** Entries plus other contributors' live leases: how many entries the image has or has coming. */
function coverage(trx: Knex.Transaction, user: User) {
  return trx.raw(
    `form_images.entry_count + (select count(*) from image_leases l
       where l.image_id = form_images.id and l.user_id <> ? and l.expires_at > now())`,
    [user.id],
  );
}

/** How many entries (made or coming) the image may have now; see the file comment. */
function room(trx: Knex.Transaction, form: Form) {
  const required = Math.max(1, form.requiredEntriesPerImage);
  return trx.raw(
    `case when form_images.entry_count < ? then ?
          when form_images.verified_field_count < form_images.total_field_count then form_images.entry_count + 1
          else 0 end`,
    [required, required],
  );
}

function offerableImages(trx: Knex.Transaction, form: Form, user: User) {
  return imagesNeedingUser(form, user, trx).whereRaw('? < ?', [coverage(trx, user), room(trx, form)]);
}

/** The image the contributor already holds a live lease on (not the one they are skipping). */
async function heldImage(trx: Knex.Transaction, form: Form, user: User, skipImageId?: number) {
  const held = imagesNeedingUser(form, user, trx).whereExists((q) =>
    q
      .from('image_leases')
      .whereColumn('image_leases.image_id', 'form_images.id')
      .where('image_leases.user_id', user.id)
      .where('image_leases.expires_at', '>', trx.raw('now()')),
  );
  if (skipImageId !== undefined) held.whereNot('form_images.id', skipImageId);
  return held.orderBy('form_images.id').limit(1).first();
}

/** Locks and returns the least covered image with room, or undefined if none is free. */
async function claimImage(trx: Knex.Transaction, form: Form, user: User, skipImageId?: number) {
  const passedOver = skipImageId === undefined ? [] : [skipImageId];
  for (let attempt = 0; attempt < CANDIDATE_ATTEMPTS; attempt++) {
    const candidate = await offerableImages(trx, form, user)
      .whereNotIn('form_images.id', passedOver)
      .orderByRaw('?', [coverage(trx, user)])
      .orderByRaw('random()')
      // objection's first() alone fetches (and here would lock) every row: ask for one.
      .limit(1)
      .forNoKeyUpdate()
      .skipLocked()
      .first();
    if (!candidate) return undefined;
    // A new statement sees every lease committed so far, and none can be added while we hold the row.
    const stillRoom = await offerableImages(trx, form, user).where('form_images.id', candidate.id).resultSize();
    if (stillRoom) return candidate;
    passedOver.push(candidate.id);
  }
  return undefined;
}

/**
 * Leases the contributor's next image. Undefined when nothing is free for them: then
 * `remainingCount` (images still needing them, the skipped one aside) says whether that is
 * because they are done or because the rest is in other contributors' hands.
 */
export async function leaseNextImage(form: Form, user: User, skipImageId?: number) {
  const image = await FormImage.transaction(async (trx) => {
    const chosen = (await heldImage(trx, form, user, skipImageId)) ?? (await claimImage(trx, form, user, skipImageId));
    if (chosen) await takeLease(trx, form.id, chosen.id, user.id);
    return chosen;
  });
  const remaining = imagesNeedingUser(form, user);
  if (!image && skipImageId !== undefined) remaining.whereNot('form_images.id', skipImageId);
  return { image, remainingCount: await remaining.resultSize() };
}
