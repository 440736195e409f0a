/**
 * A form's region settings: the sample image the owner drew the boxes on, and whether contributors
 * may shift the boxes on an image. A form without a row has neither. Choosing a sample asks for an
 * estimate of every other image's shift (images uploaded before the sample was chosen included).
 */
import { type RegionSettings, type RegionSettingsUpdate, SAMPLE_NOT_IN_FORM } from '@formscribe/common/schemas/regions';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import { eventsOf } from '../events/domainEventRecorder.ts';
import { enqueueShiftEstimates } from './regionShiftJob.ts';

/** A row as knex returns it (the snake-case mappers turn columns into camelCase keys). */
interface SettingsRow {
  sampleImageId: number | null;
  contributorsMayShift: boolean;
}

export async function readRegionSettings(knex: Knex, formId: number): Promise<RegionSettings> {
  const row: SettingsRow | undefined = await knex('form_region_settings')
    .where({ form_id: formId })
    .first('sample_image_id', 'contributors_may_shift');
  return { sampleImageId: row?.sampleImageId ?? null, contributorsMayShift: row?.contributorsMayShift ?? false };
}

export async function updateRegionSettings(
  deps: Pick<AppDeps, 'knex' | 'jobs' | 'events'>,
  formId: number,
  update: RegionSettingsUpdate,
): Promise<RegionSettings> {
  return deps.knex.transaction(async (trx) => {
    // The form's row is the lock: two saves of its settings run one after the other.
    await trx('forms').where({ id: formId }).forUpdate().first('id');
    const before = await readRegionSettings(trx, formId);
    const after: RegionSettings = { ...before, ...update };
    if (update.sampleImageId != null) {
      const image = await trx('form_images').where({ id: update.sampleImageId, form_id: formId }).first('id');
      if (!image) throw badRequest(SAMPLE_NOT_IN_FORM);
    }
    await trx('form_region_settings')
      .insert({
        form_id: formId,
        sample_image_id: after.sampleImageId,
        contributors_may_shift: after.contributorsMayShift,
        updated_at: trx.fn.now(),
      })
      .onConflict('form_id')
      .merge();
    if (after.sampleImageId !== null && after.sampleImageId !== before.sampleImageId) {
      await enqueueShiftEstimates(eventsOf(deps, trx), formId, after.sampleImageId);
    }
    return after;
  });
}
