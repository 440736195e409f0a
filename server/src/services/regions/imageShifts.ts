/** Reading and setting one image's region shift (the estimate lives in regionShiftJob.ts). */
import type { RegionShift, RegionShiftUpdate } from '@formscribe/common/schemas/regions';
import type { Knex } from 'knex';

export async function readImageShift(knex: Knex, imageId: number): Promise<RegionShift | null> {
  const row: RegionShift | undefined = await knex('image_region_shifts')
    .where({ image_id: imageId })
    .first('dx', 'dy', 'confidence', 'source');
  return row ? { dx: row.dx, dy: row.dy, confidence: row.confidence, source: row.source } : null;
}

/** A person's shift: stored as sure, and from then on never replaced by an estimate. */
export async function setImageShift(knex: Knex, imageId: number, shift: RegionShiftUpdate): Promise<RegionShift> {
  const stored: RegionShift = { ...shift, confidence: 1, source: 'manual' };
  await knex('image_region_shifts')
    .insert({ image_id: imageId, ...stored, updated_at: knex.fn.now() })
    .onConflict('image_id')
    .merge();
  return stored;
}
