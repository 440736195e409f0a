/**
 * One image: read it (viewers), rotate it (managers, and contributors while they may enter
 * data: the entry page saves rotation), mark or unmark it complete and delete it (managers).
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { imageResponseSchema, rotateImageRequestSchema } from '@formscribe/common/schemas/form';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedImage, loadRotatableImage, loadViewableImage } from '../../policies/images.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import {
  deleteImage,
  markImageComplete,
  rotateImage,
  unmarkImageComplete,
} from '../../services/images/imageChanges.ts';
import { respond } from '../respond.ts';

export const imageActionsRouter = new Router<AppState, AppContextExtras>();

/** The image's JSON (the spec's "GET /api/images/{id} (file)"; the file itself is at publicUrl). */
imageActionsRouter.get('/api/images/:id', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image } = await loadViewableImage(ctx, requireUser(ctx), id);
  respond(ctx, imageResponseSchema, presentImage(image));
});

imageActionsRouter.post('/api/images/:id/complete', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const user = requireUser(ctx);
  const { image, form } = await loadManagedImage(ctx, user, id);
  respond(ctx, imageResponseSchema, presentImage(await markImageComplete(ctx.deps, form, image.id, user)));
});

imageActionsRouter.post('/api/images/:id/uncomplete', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  respond(ctx, imageResponseSchema, presentImage(await unmarkImageComplete(ctx.deps, form, image.id)));
});

imageActionsRouter.post('/api/images/:id/rotate', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { rotation } = parseInput(rotateImageRequestSchema, ctx.request.body);
  const { image, form } = await loadRotatableImage(ctx, requireUser(ctx), id);
  respond(ctx, imageResponseSchema, presentImage(await rotateImage(ctx.deps, form, image.id, rotation)));
});

imageActionsRouter.delete('/api/images/:id', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  await deleteImage(ctx.deps, form, image);
  ctx.status = 204;
});
