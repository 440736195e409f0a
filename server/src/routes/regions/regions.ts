/**
 * Field regions beyond the boxes (which are saved with the form's fields): the form's region
 * settings — sample image and whether contributors may shift — and each image's shift.
 * Reading goes with seeing the form or image; settings are the managers'; shifting is
 * policies/regions.ts's call.
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  regionSettingsSchema,
  regionSettingsUpdateSchema,
  regionShiftResponseSchema,
  regionShiftUpdateSchema,
} from '@formscribe/common/schemas/regions';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm, loadViewableForm } from '../../policies/forms.ts';
import { loadViewableImage } from '../../policies/images.ts';
import { loadShiftableImage } from '../../policies/regions.ts';
import { readAgainAfterShift } from '../../services/ocr/machineReadingJob.ts';
import { readImageShift, setImageShift } from '../../services/regions/imageShifts.ts';
import { readRegionSettings, updateRegionSettings } from '../../services/regions/regionSettings.ts';
import { respond } from '../respond.ts';

export const regionsRouter = new Router<AppState, AppContextExtras>();

regionsRouter.get('/api/forms/:id/regions', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadViewableForm(ctx, requireUser(ctx), id);
  respond(ctx, regionSettingsSchema, await readRegionSettings(ctx.deps.knex, form.id));
});

regionsRouter.put('/api/forms/:id/regions', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const update = parseInput(regionSettingsUpdateSchema, ctx.request.body);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  respond(ctx, regionSettingsSchema, await updateRegionSettings(ctx.deps, form.id, update));
});

regionsRouter.get('/api/images/:id/region-shift', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image } = await loadViewableImage(ctx, requireUser(ctx), id);
  respond(ctx, regionShiftResponseSchema, { shift: await readImageShift(ctx.deps.knex, image.id) });
});

regionsRouter.put('/api/images/:id/region-shift', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const shift = parseInput(regionShiftUpdateSchema, ctx.request.body);
  const { image } = await loadShiftableImage(ctx, requireUser(ctx), id);
  const stored = await setImageShift(ctx.deps.knex, image.id, shift);
  await readAgainAfterShift(ctx.deps, image.id); // the boxes moved: read them again where they are now
  respond(ctx, regionShiftResponseSchema, { shift: stored });
});
