/** Beyond the spec: owners settle fields whose entries disagree by accepting one variant. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { imageVariantsResponseSchema } from '@formscribe/common/schemas/disagreement';
import { imageResponseSchema } from '@formscribe/common/schemas/form';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedImage } from '../../policies/images.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { presentImageVariants } from '../../presenters/presentImageVariants.ts';
import { acceptVariant, fieldVariants, withdrawAcceptance } from '../../services/disagreements/fieldVariants.ts';
import { respond } from '../respond.ts';

export const acceptVariantRequestSchema = z.object({
  fieldId: z.string().min(1).max(64),
  value: z.string().max(10_000),
});
const fieldParamsSchema = idParamSchema.extend({ fieldId: z.string().min(1).max(64) });

export const disagreementsRouter = new Router<AppState, AppContextExtras>();

disagreementsRouter.get('/api/images/:id/variants', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  const presented = presentImageVariants(image, await fieldVariants(form, image));
  respond(ctx, imageVariantsResponseSchema, presented);
});

disagreementsRouter.post('/api/images/:id/resolutions', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { fieldId, value } = parseInput(acceptVariantRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const { image, form } = await loadManagedImage(ctx, user, id);
  const updated = await acceptVariant(ctx.deps, form, image, fieldId, value, user);
  respond(ctx, imageResponseSchema, presentImage(updated));
});

disagreementsRouter.delete('/api/images/:id/resolutions/:fieldId', async (ctx) => {
  const { id, fieldId } = parseInput(fieldParamsSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  const updated = await withdrawAcceptance(ctx.deps, form, image, fieldId);
  respond(ctx, imageResponseSchema, presentImage(updated));
});
