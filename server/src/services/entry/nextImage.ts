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
 * Among those, the least covered (entries + leases) first, equals in each image's random offer
 * order. PostgreSQL walks the form's open images in that order on an index
 * (`form_images_offer_order`) and stops at the first that has room and is not locked by another
 * request choosing at the same moment (`SKIP LOCKED`): the work is the few rows it passes, not
 * the form. The room is counted again once the row is ours (the first count may predate a lease
 * committed meanwhile). A contributor holding a live lease on the form gets that image again (a
 * reload), unless they are skipping it.
 */
import type { Knex } from 'knex';
import { type Form, FormImage, type User } from '../../models/index.ts';
import { dropFormLeases, heldLeaseImageId, renewLease, takeLease } from './imageLeases.ts';

/** How often a candidate found full on the second count is passed over before giving up. */
const CANDIDATE_ATTEMPTS = 5;

/** Conditions on `fi` (a form_images row): not complete, not entered or voted on by :userId. */
const NEEDS_USER = `NOT fi.is_complete
  AND NOT EXISTS (SELECT 1 FROM form_submissions s WHERE s.image_id = fi.id AND s.submitted_by_id = :userId)
  AND NOT EXISTS (SELECT 1 FROM image_no_data_votes v WHERE v.image_id = fi.id AND v.user_id = :userId)
  AND NOT EXISTS (SELECT 1 FROM image_unreadable_votes v WHERE v.image_id = fi.id AND v.user_id = :userId)`;

/** Room left on `fi` for :userId: entries plus others' live leases below what agreement still needs. */
const HAS_ROOM = `fi.entry_count + (SELECT count(*) FROM image_leases l
      WHERE l.image_id = fi.id AND l.user_id <> :userId AND l.expires_at > now())
  < CASE WHEN fi.entry_count < :required THEN :required
         WHEN fi.verified_field_count < fi.total_field_count THEN fi.entry_count + 1
         ELSE 0 END`;

function bindings(form: Form, user: User) {
  return { formId: form.id, userId: user.id, required: Math.max(1, form.requiredEntriesPerImage) };
}

/** Whether image `imageId` is still offerable to the user (checked with its row locked). */
async function hasRoom(trx: Knex.Transaction, form: Form, user: User, imageId: number): Promise<boolean> {
  const { rows } = await trx.raw(
    `SELECT 1 FROM form_images fi WHERE fi.id = :imageId AND ${NEEDS_USER} AND ${HAS_ROOM}`,
    {
      ...bindings(form, user),
      imageId,
    },
  );
  return rows.length > 0;
}

/** Locks and returns the least covered image with room, or undefined if none is free. */
async function claimImage(trx: Knex.Transaction, form: Form, user: User, skipImageId?: number) {
  const passedOver = skipImageId === undefined ? [] : [skipImageId];
  for (let attempt = 0; attempt < CANDIDATE_ATTEMPTS; attempt++) {
    const { rows } = await trx.raw(
      `SELECT fi.id FROM form_images fi
       WHERE fi.form_id = :formId AND NOT (fi.id = ANY(:passedOver)) AND ${NEEDS_USER} AND ${HAS_ROOM}
       ORDER BY fi.entry_count + fi.lease_count, fi.offer_key
       LIMIT 1
       FOR NO KEY UPDATE SKIP LOCKED`,
      { ...bindings(form, user), passedOver },
    );
    const candidateId: number | undefined = rows[0]?.id;
    if (candidateId === undefined) return undefined;
    // A new statement sees every lease committed so far, and none can be added while we hold the row.
    if (await hasRoom(trx, form, user, candidateId)) return candidateId;
    passedOver.push(candidateId);
  }
  return undefined;
}

/** Whether the image (of the form) is one the user still needs to do: open, not entered or voted on by them. */
async function needsUser(knex: Knex, form: Form, user: User, imageId: number): Promise<boolean> {
  const { rows } = await knex.raw(
    `SELECT 1 FROM form_images fi WHERE fi.id = :imageId AND fi.form_id = :formId AND ${NEEDS_USER}`,
    { ...bindings(form, user), imageId },
  );
  return rows.length > 0;
}

/** The image the contributor already holds a live lease on, if it still needs them and is not skipped. */
async function heldImage(knex: Knex, form: Form, user: User, skipImageId?: number) {
  const imageId = await heldLeaseImageId(knex, form.id, user.id);
  if (imageId === undefined || imageId === skipImageId) return undefined;
  return (await needsUser(knex, form, user, imageId)) ? imageId : undefined;
}

/**
 * Images of the form still needing the user: the form's open images (its counters) less those
 * the user has entered or voted on — counted from the user's side, so the work is their own
 * history, not the form.
 */
async function imagesStillNeeding(knex: Knex, form: Form, user: User): Promise<number> {
  const { rows } = await knex.raw(
    `SELECT count(*)::int AS done FROM form_images fi
     WHERE NOT fi.is_complete AND fi.id IN (
       SELECT image_id FROM form_submissions WHERE submitted_by_id = :userId AND form_id = :formId
       UNION SELECT v.image_id FROM image_no_data_votes v WHERE v.user_id = :userId
       UNION SELECT v.image_id FROM image_unreadable_votes v WHERE v.user_id = :userId)
     AND fi.form_id = :formId`,
    bindings(form, user),
  );
  return Math.max(0, form.imageCount - form.completedImageCount - rows[0].done);
}

/**
 * Leases the contributor's next image. Undefined when nothing is free for them: then
 * `remainingCount` (images still needing them, the skipped one aside) says whether that is
 * because they are done or because the rest is in other contributors' hands.
 */
export async function leaseNextImage(form: Form, user: User, skipImageId?: number) {
  const knex = FormImage.knex();
  const held = await heldImage(knex, form, user, skipImageId);
  let imageId = held;
  if (held !== undefined) await renewLease(knex, held, user.id);
  else {
    imageId = await knex.transaction(async (trx) => {
      const chosen = await claimImage(trx, form, user, skipImageId);
      if (chosen !== undefined) await takeLease(trx, form.id, chosen, user.id);
      return chosen;
    });
    // The old lease goes only once there is a new one: a skip that finds nothing keeps its image.
    if (imageId !== undefined) await dropFormLeases(knex, form.id, user.id, imageId);
  }
  const image = imageId === undefined ? undefined : await FormImage.query().findById(imageId);
  let remainingCount = await imagesStillNeeding(knex, form, user);
  if (!image && skipImageId !== undefined && (await needsUser(knex, form, user, skipImageId))) remainingCount -= 1;
  return { image, remainingCount: Math.max(0, remainingCount) };
}
