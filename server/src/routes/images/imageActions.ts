/**
 * One image: read it (viewers: its JSON, its file, its neighbours), rotate it (managers, and contributors while they may enter
 * data: the entry page saves rotation), mark or unmark it complete and delete it (managers).
 */
import { automaticCompletion, cannotUnmarkMessage } from '@formscribe/common/imageCompletion';
import { idParamSchema } from '@formscribe/common/schemas/common';
import { imageResponseSchema, rotateImageRequestSchema } from '@formscribe/common/schemas/form';
import { imageNeighboursResponseSchema } from '@formscribe/common/schemas/submission';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { conflict } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { formRole } from '../../policies/forms.ts';
import { loadManagedImage, loadRotatableImage, loadViewableImage } from '../../policies/images.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { contributorColumnsFor } from '../../services/catalogue/contributorColumns.ts';
import {
  deleteImage,
  markImageComplete,
  rotateImage,
  unmarkImageComplete,
} from '../../services/images/imageChanges.ts';
import { findImageNeighbours } from '../../services/images/imageNeighbours.ts';
import { respond } from '../respond.ts';
import { PRIVATE_CACHE, sendStoredFile } from './fileProxies.ts';

export const imageActionsRouter = new Router<AppState, AppContextExtras>();

/** The caller's most wanted type (Accept, by preference) is an image; no header, or any type first, means JSON. */
const prefersAnImage = (acceptedTypes: string[] | string | false) =>
  Array.isArray(acceptedTypes) && (acceptedTypes[0] ?? '').startsWith('image/');

/**
 * The spec's "GET /api/images/{id} (file)": a request that prefers an image (an `<img src>` sends
 * `Accept: image/*,...`) gets the file, any other (fetch with JSON, or no preference) the image's
 * JSON. One URL with two bodies, so caches must key on Accept, and the JSON (entry counts,
 * completion) is never kept: only the file is, privately, like the proxies.
 */
imageActionsRouter.get('/api/images/:id', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const user = requireUser(ctx);
  const { image, form } = await loadViewableImage(ctx, user, id);
  ctx.vary('Accept');
  if (prefersAnImage(ctx.accepts())) {
    await sendStoredFile(ctx, 'images', image.filename, PRIVATE_CACHE);
    return;
  }
  ctx.set('Cache-Control', 'no-store');
  const role = formRole(ctx, user, form);
  // The entry page reads its image here: contributors get the catalogue columns chosen for them.
  const contributorColumns = role === 'owner' ? [] : await contributorColumnsFor(form.id, [image]);
  respond(ctx, imageResponseSchema, presentImage(image, undefined, role, contributorColumns));
});

/** Previous/Next on the entry page: the image's place in upload order and the ids either side. */
imageActionsRouter.get('/api/images/:id/neighbours', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image, form } = await loadViewableImage(ctx, requireUser(ctx), id);
  respond(ctx, imageNeighboursResponseSchema, await findImageNeighbours(form, image));
});

imageActionsRouter.post('/api/images/:id/complete', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const user = requireUser(ctx);
  const { image, form } = await loadManagedImage(ctx, user, id);
  respond(
    ctx,
    imageResponseSchema,
    presentImage(await markImageComplete(ctx.deps, form, image.id, user), undefined, 'owner'),
  );
});

/**
 * Takes a manager's mark back. An image its entries or votes completed, with no mark to take back,
 * answers 409 saying why it stays complete; a mark on such an image comes off, and it stays complete.
 */
imageActionsRouter.post('/api/images/:id/uncomplete', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  const heldBy = automaticCompletion(image, form.requiredEntriesPerImage);
  if (heldBy && !image.manuallyCompleted) throw conflict(cannotUnmarkMessage(heldBy));
  respond(
    ctx,
    imageResponseSchema,
    presentImage(await unmarkImageComplete(ctx.deps, form, image.id), undefined, 'owner'),
  );
});

imageActionsRouter.post('/api/images/:id/rotate', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { rotation } = parseInput(rotateImageRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const { image, form } = await loadRotatableImage(ctx, user, id);
  const rotated = await rotateImage(ctx.deps, form, image.id, rotation);
  // The answer replaces the entry page's image: it keeps what the viewer saw of the catalogue.
  const role = formRole(ctx, user, form);
  const contributorColumns = role === 'owner' ? [] : await contributorColumnsFor(form.id, [rotated]);
  respond(ctx, imageResponseSchema, presentImage(rotated, undefined, role, contributorColumns));
});

imageActionsRouter.delete('/api/images/:id', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { image, form } = await loadManagedImage(ctx, requireUser(ctx), id);
  await deleteImage(ctx.deps, form, image);
  ctx.status = 204;
});
