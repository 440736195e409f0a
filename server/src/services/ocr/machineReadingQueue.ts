/**
 * The machine reading queue, fair between owners. pg-boss serves its jobs first come first served,
 * so one owner's giant image (or thousands of images) held the reader for hours while another
 * owner's page waited. Here the unit of work is one field, and every field is a turn: a worker
 * claims the image of the owner who has had the fewest turns since their queue was last empty
 * (ties go to the owner served most recently, so a newcomer's short page finishes before the
 * giant job resumes), reads one field, and hands the image back. Another owner's page therefore
 * waits at most for the field being read when it arrived, until it has had as many turns as the
 * busy owner; after that the two alternate.
 *
 * All state is in PostgreSQL, so workers on several nodes share it: a transaction-scoped advisory
 * lock makes the choice of turn one at a time (a claim is a few index reads), a claimed image is
 * leased to its node (a node that dies mid-field leaves a lease that runs out), and the rows are
 * written in the same transaction that asks for a reading, as pg-boss jobs were (an outbox).
 */
import type { Knex } from 'knex';

/** Serialises the choice of the next turn across nodes (any constant; only this module takes it). */
const TURN_LOCK = 'machine_reading_queue';
/** A node's hold on an image while it reads one field; a dead node's image is taken again after this. */
const LEASE_SECONDS = 300;

/** One claimed turn: an image whose next field this worker reads. */
export interface ReadingTurn {
  imageId: number;
  ownerId: number;
  /** Turns that waited (for the image's shift) or failed, for the back-off. */
  attempts: number;
  /** Reading time the image has used so far, against its budget. */
  spentMs: number;
  /** How often the image was asked for when claimed: a newer request keeps it queued. */
  requests: number;
}

const QUEUE_INSERT = `INSERT INTO machine_reading_queue AS q (image_id, form_id, owner_id)
  SELECT fi.id, fi.form_id, f.created_by_id FROM form_images fi JOIN forms f ON f.id = fi.form_id`;
// Asked again while queued: it keeps its place, runs as soon as it may, and is read to the end.
const QUEUE_CONFLICT = `ON CONFLICT (image_id) DO UPDATE
  SET requests = q.requests + 1, run_after = least(q.run_after, now()), attempts = 0`;

/** Within `trx`: asks for the reading of one image (idempotent: a queued image keeps its place). */
export async function queueImageReading(trx: Knex | Knex.Transaction, imageId: number): Promise<void> {
  await trx.raw(`${QUEUE_INSERT} WHERE fi.id = ? ${QUEUE_CONFLICT}`, [imageId]);
}

/** Within `trx`: asks for the reading of every image of the form, in one statement. */
export async function queueFormReadings(trx: Knex.Transaction, formId: number): Promise<void> {
  await trx.raw(`${QUEUE_INSERT} WHERE fi.form_id = ? ORDER BY fi.id ${QUEUE_CONFLICT}`, [formId]);
}

/**
 * The next image: of each owner with work, their oldest image that may run now; of those, the
 * owner with the fewest turns (ties: the one served last). The owners are found by a skip scan of
 * the (owner_id, queued_at) index, one index probe per owner, so a claim costs the number of owners
 * with work, not the number of images queued (a form of 100,000 images switched on).
 */
const CLAIM_SQL = `WITH RECURSIVE owners AS (
    (SELECT owner_id FROM machine_reading_queue ORDER BY owner_id LIMIT 1)
    UNION ALL
    SELECT (SELECT q.owner_id FROM machine_reading_queue q WHERE q.owner_id > owners.owner_id ORDER BY q.owner_id LIMIT 1)
    FROM owners WHERE owners.owner_id IS NOT NULL
  )
  SELECT pick.image_id AS "imageId", owners.owner_id AS "ownerId", pick.attempts, pick.spent_ms AS "spentMs",
         pick.requests
  FROM owners
  LEFT JOIN machine_reading_owner_turns o ON o.owner_id = owners.owner_id
  CROSS JOIN LATERAL (
    SELECT q.image_id, q.queued_at, q.attempts, q.spent_ms, q.requests FROM machine_reading_queue q
    WHERE q.owner_id = owners.owner_id AND q.run_after <= now()
      AND (q.claimed_until IS NULL OR q.claimed_until <= now())
    ORDER BY q.queued_at, q.image_id LIMIT 1
  ) pick
  ORDER BY coalesce(o.turns, 0), o.last_turn DESC NULLS LAST, pick.queued_at, pick.image_id
  LIMIT 1`;

interface ClaimRow {
  imageId: number;
  ownerId: number;
  attempts: number;
  spentMs: number;
  requests: number;
}

/**
 * Claims the next turn, or undefined when no image may be read now. The owner's turn is counted
 * here, whatever the turn then does (a field read, a wait for the shift), so counts never lag.
 */
export function claimTurn(knex: Knex): Promise<ReadingTurn | undefined> {
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [TURN_LOCK]);
    const { rows } = await trx.raw(CLAIM_SQL);
    const row = (rows as ClaimRow[])[0];
    if (!row) {
      // Idle: owners whose queued images all went with their form or image are forgotten too.
      await trx.raw(`DELETE FROM machine_reading_owner_turns o
        WHERE NOT EXISTS (SELECT 1 FROM machine_reading_queue q WHERE q.owner_id = o.owner_id)`);
      return undefined;
    }
    await trx.raw(
      `UPDATE machine_reading_queue SET claimed_until = now() + make_interval(secs => ?) WHERE image_id = ?`,
      [LEASE_SECONDS, row.imageId],
    );
    await trx.raw(
      `INSERT INTO machine_reading_owner_turns AS o (owner_id, turns, last_turn)
       VALUES (?, 1, nextval('machine_reading_turn_seq'))
       ON CONFLICT (owner_id) DO UPDATE SET turns = o.turns + 1, last_turn = excluded.last_turn`,
      [row.ownerId],
    );
    return { ...row };
  });
}

/** Forgets the owner's turns once they have nothing queued: their next work starts level with newcomers. */
async function forgetIdleOwner(knex: Knex, ownerId: number): Promise<void> {
  await knex.raw(
    `DELETE FROM machine_reading_owner_turns o WHERE o.owner_id = ?
     AND NOT EXISTS (SELECT 1 FROM machine_reading_queue q WHERE q.owner_id = o.owner_id)`,
    [ownerId],
  );
}

/** Hands the image back for its next field, with the reading time this turn used. */
export async function releaseTurn(knex: Knex, turn: ReadingTurn, spentMs: number): Promise<void> {
  await knex('machine_reading_queue')
    .where({ image_id: turn.imageId })
    .update({ claimed_until: null, spent_ms: turn.spentMs + spentMs, attempts: 0 });
}

/**
 * The turn as answering every request made for its image so far: for a turn that changed what its
 * own reading depends on (orientation detection turned the page, which asks for the image to be
 * read again) and reads everything it depends on afresh after this. Without it, that request made
 * the image's last field hand the image back for one more turn, which found nothing to read.
 */
export async function answeringRequestsSoFar(knex: Knex, turn: ReadingTurn): Promise<ReadingTurn> {
  const row: { requests: number } | undefined = await knex('machine_reading_queue')
    .where({ image_id: turn.imageId })
    .first('requests');
  return row ? { ...turn, requests: row.requests } : turn;
}

/** Puts the image off for `delaySeconds` (waiting for its shift, or after a failure). */
export async function postponeTurn(knex: Knex, turn: ReadingTurn, delaySeconds: number): Promise<void> {
  await knex.raw(
    `UPDATE machine_reading_queue SET claimed_until = NULL, attempts = attempts + 1,
       run_after = now() + make_interval(secs => ?) WHERE image_id = ?`,
    [delaySeconds, turn.imageId],
  );
}

/**
 * The image is read (or was deleted, or reading was switched off): its row goes, unless it was
 * asked for again during the turn, when it is handed back to be read with the new boxes.
 */
export async function finishTurn(knex: Knex, turn: ReadingTurn): Promise<void> {
  const deleted = await knex('machine_reading_queue')
    .where({ image_id: turn.imageId, requests: turn.requests })
    .delete();
  if (deleted === 0) await releaseTurn(knex, { ...turn, spentMs: 0 }, 0);
  await forgetIdleOwner(knex, turn.ownerId);
}

/** The name machine reading's depth is reported under, as when it was a pg-boss queue (dashboards keep working). */
export const MACHINE_READING_DEPTH_LABEL = 'machine-read-image';

/** Images waiting for a reading (queued, put off or being read), on every node alike. */
export async function machineReadingQueueDepth(knex: Knex): Promise<number> {
  const row = await knex('machine_reading_queue').count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
