/**
 * The repair for a form's Insights figures: every image's share and disagreements are recomputed
 * from its entries, a batch of images at a time (each batch's rows locked as the image state writer
 * locks them; one read of the batch's entries, one write of its shares and one of its
 * disagreements), then the form's sums are rebuilt from the stored shares in one statement each.
 * Normal paths never need it: shares and sums move together with every image change. It fills the
 * figures of forms that had entries before Insights (form_insights_pending, cleared at the end),
 * and puts a form right after a fault.
 *
 * The batches store shares without moving the sums, which the rebuild replaces anyway. The rebuild
 * deletes the form's sums first, so a change that has not applied its difference yet waits for the
 * rebuild and adds it on top (its image's new share is not in the rebuilt sums).
 */
import type { Knex } from 'knex';
import { Form, FormImage } from '../../models/index.ts';
import { replaceDisagreements } from './contributorDisagreements.ts';
import { type CountedEntry, imageShare } from './imageInsights.ts';

const BATCH = 1000;

/** Recomputes the form's shares and sums; false when the form no longer exists. */
export async function recountFormInsights(knex: Knex, formId: number): Promise<boolean> {
  let afterId = 0;
  for (;;) {
    const done = await knex.transaction(async (trx) => {
      const form = await Form.query(trx).findById(formId);
      if (!form) return 'gone' as const;
      const images = await FormImage.query(trx)
        .where({ formId })
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate();
      await recountBatch(trx, form, images);
      afterId = images.at(-1)?.id ?? afterId;
      return images.length < BATCH ? ('last' as const) : ('more' as const);
    });
    if (done === 'gone') return false;
    if (done === 'last') break;
  }
  await rebuildFormSums(knex, formId);
  await knex('form_insights_pending').where({ form_id: formId }).delete();
  return true;
}

/** Stores the shares and disagreements of a batch of the form's images (their rows locked). */
async function recountBatch(trx: Knex.Transaction, form: Form, images: FormImage[]): Promise<void> {
  if (images.length === 0) return;
  const imageIds = images.map((image) => image.id);
  const { rows } = await trx.raw(
    `SELECT s.id, s.image_id AS "imageId", s.submitted_by_id AS "submittedById", s.data FROM form_submissions s
     WHERE s.image_id = ANY(?::int[]) AND NOT EXISTS (
       SELECT 1 FROM form_user_blocks b WHERE b.user_id = s.submitted_by_id AND b.form_id = ? AND b.drop_entries)
     ORDER BY s.image_id, s.submitted_at, s.id`,
    [imageIds, form.id],
  );
  const entriesByImage = new Map<number, CountedEntry[]>();
  for (const row of rows as (CountedEntry & { imageId: number })[]) {
    const list = entriesByImage.get(row.imageId) ?? [];
    entriesByImage.set(row.imageId, list);
    list.push({ id: row.id, submittedById: row.submittedById, data: row.data });
  }
  const figures = images.map((image) => ({
    imageId: image.id,
    ...imageShare(form, image, entriesByImage.get(image.id) ?? []),
  }));
  await trx.raw(
    `INSERT INTO image_insights (image_id, form_id, agreement, fields)
     SELECT r."imageId", ?, r.agreement, r.fields
     FROM jsonb_to_recordset(CAST(? AS jsonb)) AS r("imageId" int, agreement jsonb, fields jsonb)
     ON CONFLICT (image_id) DO UPDATE SET agreement = EXCLUDED.agreement, fields = EXCLUDED.fields`,
    [form.id, JSON.stringify(figures.map(({ imageId, agreement, fields }) => ({ imageId, agreement, fields })))],
  );
  await replaceDisagreements(
    trx,
    form.id,
    imageIds,
    figures.map(({ imageId, disagreements }) => ({ imageId, marks: disagreements })),
  );
}

/** The form's agreement and difficulty sums, from its images' stored shares. */
async function rebuildFormSums(knex: Knex, formId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('contributor_agreement').where({ form_id: formId }).delete();
    await trx('field_difficulty').where({ form_id: formId }).delete();
    await trx.raw(
      `INSERT INTO contributor_agreement AS c (form_id, user_id, field_type, entry_count, match_count)
       SELECT ?, a."userId", a."fieldType", sum(a."entries")::int, sum(a."matches")::int
       FROM image_insights i,
            jsonb_to_recordset(i.agreement) AS a("userId" int, "fieldType" text, "entries" int, "matches" int)
       WHERE i.form_id = ? AND EXISTS (SELECT 1 FROM users u WHERE u.id = a."userId")
       GROUP BY 2, 3 ORDER BY 2, 3
       ON CONFLICT (form_id, user_id, field_type) DO UPDATE SET
         entry_count = EXCLUDED.entry_count, match_count = EXCLUDED.match_count`,
      [formId, formId],
    );
    await trx.raw(
      `INSERT INTO field_difficulty AS d (form_id, field_id, compared_images, disagreeing_images, variant_images, format_only_images)
       SELECT ?, f."fieldId", sum(f."compared")::int, sum(f."disagreeing")::int, sum(f."variant")::int, sum(f."formatOnly")::int
       FROM image_insights i,
            jsonb_to_recordset(i.fields) AS f("fieldId" text, "compared" int, "disagreeing" int, "variant" int, "formatOnly" int)
       WHERE i.form_id = ?
       GROUP BY 2 ORDER BY 2
       ON CONFLICT (form_id, field_id, slot) DO UPDATE SET
         compared_images = EXCLUDED.compared_images, disagreeing_images = EXCLUDED.disagreeing_images,
         variant_images = EXCLUDED.variant_images, format_only_images = EXCLUDED.format_only_images`,
      [formId, formId],
    );
  });
}
