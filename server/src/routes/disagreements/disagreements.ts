/** Beyond the spec: owners settle fields whose entries disagree by accepting one variant. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import type { ImageVariantsResponse } from '@formscribe/common/schemas/disagreement';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedImage } from '../../policies/images.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { acceptVariant, fieldVariants, withdrawAcceptance } from '../../services/disagreements/fieldVariants.ts';
import { imageNumber } from '../../services/images/imagePages.ts';

export const acceptVariantRequestSchema = z.object({
  fieldId: z.string().min(1).max(64),
  value: z.string().max(10_000),
});
const fieldParamsSchema = idParamSchema.extend({ fieldId: z.string().min(1).max(64) });

export const disagreementsRouter = new Router<AppState, AppContextExtras>();

disagreementsRouter.get('/api/images/:id/variants', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  const body: ImageVariantsResponse = {
    image: presentImage(image, await imageNumber(image)),
    fields: await fieldVariants(form, image),
  };
  ctx.body = body;
});

disagreementsRouter.post('/api/images/:id/resolutions', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { fieldId, value } = parseInput(acceptVariantRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const { image, form } = await loadManagedImage(ctx, user, id);
  const updated = await acceptVariant(ctx.deps, form, image, fieldId, value, user);
  ctx.body = presentImage(updated, await imageNumber(updated));
});

disagreementsRouter.delete('/api/images/:id/resolutions/:fieldId', async (ctx) => {
  const { id, fieldId } = parseInput(fieldParamsSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  const updated = await withdrawAcceptance(ctx.deps, form, image, fieldId);
  ctx.body = presentImage(updated, await imageNumber(updated));
});
