/**
 * Who may shift an image's field regions: the form's managers always; a contributor only when the
 * owner allows it in the region settings and only while they may enter data on the form (with the
 * submission's 403 otherwise). Reading the regions and shifts goes with seeing the image.
 */
import { REGION_SHIFT_OWNER_ONLY } from '@formscribe/common/schemas/regions';
import type { Knex } from 'knex';
import { forbidden } from '../errors.ts';
import type { User } from '../models/index.ts';
import { assertCanEnterData } from './entry.ts';
import { canManageForm, type PolicyContext } from './forms.ts';
import { loadViewableImage } from './images.ts';

type RegionPolicyContext = PolicyContext & { deps: { knex: Knex } };

/** The image and its form, if the user may shift its boxes: 404 if they cannot see it, else 403. */
export async function loadShiftableImage(ctx: RegionPolicyContext, user: User, imageId: number) {
  const { image, form } = await loadViewableImage(ctx, user, imageId);
  if (canManageForm(ctx, user, form)) return { image, form };
  // The form's region settings (written by services/regions/regionSettings.ts); no row: owners only.
  const settings = await ctx.deps
    .knex('form_region_settings')
    .where({ form_id: form.id })
    .first('contributors_may_shift');
  if (!settings?.contributorsMayShift) throw forbidden(REGION_SHIFT_OWNER_ONLY);
  await assertCanEnterData(user, form);
  return { image, form };
}
