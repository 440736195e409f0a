/**
 * Field regions beyond the boxes (which are saved with the form's fields): the form's region
 * settings — sample image and whether contributors may shift — and each image's shift.
 * Reading goes with seeing the form or image; settings are the managers'; shifting is
 * policies/regions.ts's call.
 */
import { regionsApi } from '@formscribe/common/api/regions';
import { readAgainAfterShift } from '../../services/ocr/machineReadingJob.ts';
import { readImageShift, setImageShift } from '../../services/regions/imageShifts.ts';
import { readRegionSettings, updateRegionSettings } from '../../services/regions/regionSettings.ts';
import { route } from '../declared/declareRoute.ts';
import { shiftableImage, viewableImage } from '../declared/imagePolicies.ts';
import { managedForm, viewableForm } from '../declared/routePolicies.ts';

route(regionsApi.getRegionSettings, { policy: viewableForm }, (ctx, { resource: form }) =>
  readRegionSettings(ctx.deps.knex, form.id),
);

route(regionsApi.updateRegionSettings, { policy: managedForm }, (ctx, { body, resource: form }) =>
  updateRegionSettings(ctx.deps, form.id, body),
);

route(regionsApi.getImageShift, { policy: viewableImage }, async (ctx, { resource: { image } }) => ({
  shift: await readImageShift(ctx.deps.knex, image.id),
}));

route(regionsApi.setImageShift, { policy: shiftableImage }, async (ctx, { body, resource: { image } }) => {
  const stored = await setImageShift(ctx.deps.knex, image.id, body);
  await readAgainAfterShift(ctx.deps, image.id); // the boxes moved: read them again where they are now
  return { shift: stored };
});
