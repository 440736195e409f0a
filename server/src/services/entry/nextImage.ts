/**
 * Which image a contributor gets next, handed out with a lease (imageLeases.ts) so that people
 * asking at the same moment spread over different images.
 *
 * Offered: an image of the form that is not complete, that the contributor has not entered or
 * voted on, and that still has room. Room counts entries plus leases (entries on their way)
 * against what agreement still needs:
 *   - below the threshold: room while entries + leases < requiredEntriesPerImage;
 *   - at or past it with a field still unverified (the entries disagree): room for one more
 *     contributor at a time (entries + leases < entries + 1, i.e. nobody holds it), since one
 *     more entry can settle it;
 *   - at or past it with every field verified but not complete (a form without data fields):
 *     no room, more entries cannot complete it.
 * Among those, the least covered (entries + leases) first, equals in each image's random offer
 * order. PostgreSQL walks the form's open images in that order on an index
 * (`form_images_offer_order`) and takes the first that has room and is not locked by another
 * request choosing at the same moment (`SKIP LOCKED`), and leases it, in one statement: the work
 * is the few rows it passes, not the form.
 *
 * Room is read from the image row itself (`entry_count`, and `lease_count`, kept by a trigger on
 * the leases), never from other tables: when another request leased or entered the image after
 * this statement began, that changed the row, and PostgreSQL checks the conditions again on the
 * row's newest version before locking it (READ COMMITTED), so nobody is handed an image that has
 * just filled up. Leases count until they are deleted: an expired one frees its image when the
 * sweeper (leaseSweeper.ts, every 30 s) or its holder removes it.
 *
 * A contributor holding a live lease on the form gets that image again (a reload), unless they
 * are skipping it.
 */
import type { Knex } from 'knex';
import { rowFromJson } from '../../db/leanReads.ts';
import { plannedOnce } from '../../db/plannedOnce.ts';
import { type Form, FormImage, type User } from '../../models/index.ts';
import { type LeaseHeld, leaseExpiry, releaseLeases, renewLease } from './imageLeases.ts';

/** Conditions on `fi` (a form_images row): not complete, not entered or voted on by :userId. */
const NEEDS_USER = `NOT fi.is_complete
  AND NOT EXISTS (SELECT 1 FROM form_submissions s WHERE s.image_id = fi.id AND s.submitted_by_id = :userId)
  AND NOT EXISTS (SELECT 1 FROM image_no_data_votes v WHERE v.image_id = fi.id AND v.user_id = :userId)
  AND NOT EXISTS (SELECT 1 FROM image_unreadable_votes v WHERE v.image_id = fi.id AND v.user_id = :userId)`;

/** Room left on `fi`, from its own row (see above): entries plus leases below what agreement still needs. */
const HAS_ROOM = `fi.entry_count + fi.lease_count
  < CASE WHEN fi.entry_count < :required THEN :required
         WHEN fi.verified_field_count < fi.total_field_count THEN fi.entry_count + 1
         ELSE 0 END`;

/**
 * The claim's guard: the contributor holds no live lease on the form other than a skipped image.
 * Written in or left out of the text rather than switched by a boolean parameter, so that each
 * text has one plan that fits it, kept per connection, and the claim of every cycle carries no
 * condition it never needs.
 */
const NO_LIVE_LEASE = `AND NOT EXISTS (
           SELECT 1 FROM image_leases l WHERE l.user_id = :userId AND l.form_id = :formId
             AND l.expires_at > now() AND NOT (l.image_id = ANY(:passedOver)))`;

/** One name per text (db/plannedOnce.ts). */
const STATEMENTS = {
  claim: plannedOnce('claim_next_image_with_standing'),
  claimDespiteLiveLease: plannedOnce('claim_next_image_despite_lease'),
};

function bindings(form: Form, user: User) {
  return { formId: form.id, userId: user.id, required: Math.max(1, form.requiredEntriesPerImage) };
}

/** The form's image `imageId` if the user still needs to do it: open, not entered or voted on by them. */
function imageNeedingUser(form: Form, user: User, imageId: number) {
  return FormImage.query()
    .alias('fi')
    .whereRaw(`fi.id = :imageId AND fi.form_id = :formId AND ${NEEDS_USER}`, { ...bindings(form, user), imageId })
    .first();
}

/**
 * The contributor's standing and, unless they hold a live lease on the form (other than a skipped
 * image), the least covered image with room, leased to them: one statement, on every cycle of
 * every contributor. The standing is their leases on the form (live or expired, the latest first)
 * and how many of the form's open images they have entered or voted on, counted on the rows
 * triggers keep for exactly those (migration 20270103000100_contributor_open_images): the form's
 * open images (its counters) less those are the images still needing them. Counting them from the
 * contributor's history instead cost a lookup per entry they had made, on every cycle. Both used to be statements of their own; one round
 * trip fewer is about 0.2 ms of CPU a cycle between the app and PostgreSQL (docs/benchmarks.md, B9).
 *
 * A contributor holding a live lease claims nothing here (`despiteLiveLease` false): they get that
 * image again when it still needs them (leaseNextImage). The image comes as one JSON column, never
 * `candidate.*`, so the columns out stay the same when a migration adds one to form_images and the
 * statement can be planned once per connection (db/plannedOnce.ts): planning it cost more than
 * running it. The standing reads the statement's snapshot, from before its own lease.
 */
async function claimWithStanding(
  knex: Knex,
  form: Form,
  user: User,
  skipImageId: number | undefined,
  despiteLiveLease: boolean,
): Promise<{ image: FormImage | undefined; leases: LeaseHeld[]; done: number }> {
  const { rows } = await knex
    .raw(
      `WITH candidate AS (
       SELECT fi.* FROM form_images fi
       WHERE fi.form_id = :formId AND NOT (fi.id = ANY(:passedOver)) AND ${NEEDS_USER} AND ${HAS_ROOM}
         ${despiteLiveLease ? '' : NO_LIVE_LEASE}
       ORDER BY fi.entry_count + fi.lease_count, fi.offer_key
       LIMIT 1
       FOR NO KEY UPDATE SKIP LOCKED
     ), lease AS (
       INSERT INTO image_leases (image_id, user_id, form_id, expires_at)
       SELECT candidate.id, :userId, :formId, :expiresAt FROM candidate
       ON CONFLICT (image_id, user_id) DO UPDATE SET expires_at = EXCLUDED.expires_at
       RETURNING image_id
     ), no_flush_wait AS (
       -- A lease is a hint that lapses in minutes, so its commit need not wait for the WAL flush
       -- (the busiest statement of a crowd). A crash may lose the lease with its image's lease
       -- count, never one without the other; entries keep waiting for theirs.
       SELECT set_config('synchronous_commit', 'off', true) AS off
     )
     SELECT
       (SELECT to_jsonb(candidate) FROM candidate JOIN lease ON lease.image_id = candidate.id) AS image_row,
       (SELECT coalesce(json_agg(json_build_object('imageId', l.image_id, 'live', l.expires_at > now())
                                 ORDER BY l.expires_at DESC), '[]'::json)
        FROM image_leases l WHERE l.user_id = :userId AND l.form_id = :formId) AS leases,
       (SELECT count(*) FROM contributor_open_images o
        WHERE o.form_id = :formId AND o.user_id = :userId) AS done
     FROM no_flush_wait`,
      {
        ...bindings(form, user),
        passedOver: skipImageId === undefined ? [] : [skipImageId],
        expiresAt: leaseExpiry(),
      },
    )
    .options(despiteLiveLease ? STATEMENTS.claimDespiteLiveLease : STATEMENTS.claim);
  const row = rows[0];
  return {
    image: row.image_row ? FormImage.fromDatabaseJson(rowFromJson(row.image_row)) : undefined,
    leases: row.leases,
    done: Number(row.done),
  };
}

/** The image the contributor holds a live lease on, if it still needs them and is not skipped. */
async function heldImage(form: Form, user: User, leases: LeaseHeld[], skipImageId?: number) {
  const held = leases.find((lease) => lease.live && lease.imageId !== skipImageId);
  return held && imageNeedingUser(form, user, held.imageId);
}

/**
 * Leases the contributor's next image. Undefined when nothing is free for them: then
 * `remainingCount` (images still needing them, the skipped one aside) says whether that is
 * because they are done or because the rest is in other contributors' hands.
 */
export async function leaseNextImage(form: Form, user: User, skipImageId?: number) {
  const knex = FormImage.knex();
  let { image, leases, done } = await claimWithStanding(knex, form, user, skipImageId, false);
  let claimed = image !== undefined;
  if (!claimed && leases.some((lease) => lease.live && lease.imageId !== skipImageId)) {
    // They hold a live lease: that image again (a reload), or, when it no longer needs them, a claim after all.
    image = await heldImage(form, user, leases, skipImageId);
    if (image) await renewLease(knex, image.id, user.id);
    else {
      ({ image, leases, done } = await claimWithStanding(knex, form, user, skipImageId, true));
      claimed = image !== undefined;
    }
  }
  // The old leases go only once there is a new one: a skip that finds nothing keeps its image.
  const chosen = image?.id;
  if (claimed && chosen !== undefined)
    await releaseLeases(
      knex,
      leases.map((lease) => lease.imageId).filter((id) => id !== chosen),
      user.id,
    );
  let remainingCount = form.imageCount - form.completedImageCount - done;
  if (!image && skipImageId !== undefined && (await imageNeedingUser(form, user, skipImageId))) remainingCount -= 1;
  return { image, remainingCount: Math.max(0, remainingCount) };
}
