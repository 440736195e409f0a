/**
 * The per-image heatmap: one byte per image in image-number order, each image's index in
 * HEAT_STATES, built by PostgreSQL from the stored image state in one pass over the form's
 * images (no entry is read). The four columns it reads are carried by the form's number index
 * (migration 20261231000700), so the pass is an index-only scan already in number order: neither
 * the wide image rows nor a sort are touched. The CASE below is `heatStateOf` (common/src/insights.ts) in SQL;
 * the Insights tests hold the two together, and the client applies `heatStateOf` to live events.
 */
import { HEAT_STATES } from '@formscribe/common/insights';
import type { HeatmapResponse } from '@formscribe/common/schemas/insights';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';

const code = (state: (typeof HEAT_STATES)[number]) => HEAT_STATES.indexOf(state);

const HEAT_STATE_SQL = `CASE
  WHEN is_complete AND total_field_count > 0 AND verified_field_count = total_field_count THEN ${code('verified')}
  WHEN is_complete THEN ${code('complete')}
  WHEN entry_count = 0 THEN ${code('none')}
  WHEN entry_count < greatest(1, :threshold) THEN ${code('inProgress')}
  ELSE ${code('disputed')} END`;

export async function heatmap(knex: Knex, form: Form): Promise<HeatmapResponse> {
  const { rows } = await knex.raw(
    `SELECT count(*)::int AS "imageCount",
            string_agg(set_byte('\\x00'::bytea, 0, ${HEAT_STATE_SQL}), ''::bytea ORDER BY number) AS states
     FROM form_images WHERE form_id = :formId`,
    { formId: form.id, threshold: form.requiredEntriesPerImage },
  );
  const row = rows[0] as { imageCount: number; states: Buffer | null };
  return {
    imageCount: row.imageCount,
    requiredEntriesPerImage: form.requiredEntriesPerImage,
    states: (row.states ?? Buffer.alloc(0)).toString('base64'),
  };
}
