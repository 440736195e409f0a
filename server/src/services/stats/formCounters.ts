/**
 * The form's figures as counters on its row (image count, completed images, verified fields of
 * images not yet complete). Every change to an image changes them by delta in the same
 * transaction, so reading the figures is one row and a change does no work proportional to the
 * form. `recountFormCounters` repairs them from the images (after a form-wide recompute, or on
 * demand through the repair job).
 *
 * Lock order: an image row, then its form row (the image state writer locks the image first;
 * uploads lock only the form). A delta of zero never touches the form row, so most entries on an
 * image that does not change completion or verified fields do not queue on the form.
 */
import type { Knex } from 'knex';
import type { FormImage } from '../../models/index.ts';

export interface FormCounters {
  imageCount: number;
  completedImageCount: number;
  incompleteVerifiedFieldCount: number;
}

type CountedImage = Pick<FormImage, 'isComplete' | 'verifiedFieldCount'>;

const NONE: FormCounters = { imageCount: 0, completedImageCount: 0, incompleteVerifiedFieldCount: 0 };

/** What one image adds to its form's counters. */
function countersOf(image: CountedImage | null): FormCounters {
  if (!image) return NONE;
  return {
    imageCount: 1,
    completedImageCount: image.isComplete ? 1 : 0,
    incompleteVerifiedFieldCount: image.isComplete ? 0 : image.verifiedFieldCount,
  };
}

/** How much an image's change moves its form's counters; undefined when it moves none. */
export interface CounterDelta {
  images: number;
  completed: number;
  verified: number;
}

/** `before` null for a new image, `after` null for a deleted one. */
export function imageCounterDelta(before: CountedImage | null, after: CountedImage | null): CounterDelta | undefined {
  const [was, is] = [countersOf(before), countersOf(after)];
  const delta = {
    images: is.imageCount - was.imageCount,
    completed: is.completedImageCount - was.completedImageCount,
    verified: is.incompleteVerifiedFieldCount - was.incompleteVerifiedFieldCount,
  };
  return delta.images || delta.completed || delta.verified ? delta : undefined;
}

/**
 * The statement that moves the form's counters by `delta`, to run on its own or as a `WITH` part
 * of the image's own update (the image state writer does that: one round trip fewer).
 */
export function counterDeltaStatement(knex: Knex | Knex.Transaction, formId: number, delta: CounterDelta): Knex.Raw {
  const { sql, bindings } = counterDeltaPart(formId, delta);
  return knex.raw(sql, bindings);
}

/** The same statement as text and named bindings, for a statement written out whole (services/imageState/). */
export function counterDeltaPart(
  formId: number,
  delta: CounterDelta,
): { sql: string; bindings: Record<string, number> } {
  return {
    sql: `UPDATE forms SET
       image_count = image_count + :images,
       completed_image_count = completed_image_count + :completed,
       incomplete_verified_field_count = incomplete_verified_field_count + :verified
     WHERE id = :formId`,
    bindings: { images: delta.images, completed: delta.completed, verified: delta.verified, formId },
  };
}

/**
 * Applies an image's change to its form's counters: `before` null for a new image, `after` null
 * for a deleted one. Call it inside the transaction that changed the image, after the change.
 */
export async function applyImageCounterDelta(
  trx: Knex.Transaction,
  formId: number,
  before: CountedImage | null,
  after: CountedImage | null,
): Promise<void> {
  const delta = imageCounterDelta(before, after);
  if (delta) await counterDeltaStatement(trx, formId, delta);
}

/**
 * Recounts the form's counters from its images and stores them; undefined when the form is gone.
 * The form row is locked before the images are read: in READ COMMITTED the count then sees every
 * delta already applied, and changes not yet applied wait for the lock and add theirs after.
 */
export function recountFormCounters(knex: Knex, formId: number): Promise<FormCounters | undefined> {
  return knex.transaction(async (trx) => {
    const locked = await trx('forms').where({ id: formId }).forUpdate().first('id');
    if (!locked) return undefined;
    const { rows } = await trx.raw(
      `UPDATE forms f SET
         image_count = a.image_count,
         completed_image_count = a.completed_image_count,
         incomplete_verified_field_count = a.incomplete_verified_field_count
       FROM (
         SELECT count(*)::int AS image_count,
                (count(*) FILTER (WHERE is_complete))::int AS completed_image_count,
                coalesce(sum(verified_field_count) FILTER (WHERE NOT is_complete), 0)::int
                  AS incomplete_verified_field_count
         FROM form_images WHERE form_id = :formId
       ) a
       WHERE f.id = :formId
       RETURNING f.image_count AS "imageCount", f.completed_image_count AS "completedImageCount",
                 f.incomplete_verified_field_count AS "incompleteVerifiedFieldCount"`,
      { formId },
    );
    return (rows as FormCounters[])[0];
  });
}
