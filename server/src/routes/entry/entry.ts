/** The data-entry page's reads: the form with the caller's standing, and the next image to do. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  ALL_IMAGES_IN_PROGRESS,
  ENTRY_IMAGE_LIST_LIMIT,
  entryResponseSchema,
  NO_IMAGES_LEFT,
  nextImageQuerySchema,
  nextImageResponseSchema,
} from '@formscribe/common/schemas/submission';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import {
  entryClosedReason,
  formViewer,
  isBlockedFromForm,
  loadFormForEntry,
  loadViewableForm,
} from '../../policies/index.ts';
import { presentEntry, presentNextImage } from '../../presenters/presentEntry.ts';
import { contributorColumnsFor } from '../../services/catalogue/contributorColumns.ts';
import { leaseNextImage } from '../../services/entry/nextImage.ts';
import { listFormImages } from '../../services/images/imagePages.ts';
import { respond } from '../respond.ts';

export const entryRouter = new Router<AppState, AppContextExtras>();

entryRouter.get('/api/forms/:id/entry', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const user = requireUser(ctx);
  const form = await loadViewableForm(ctx, user, id);
  const isBlocked = await isBlockedFromForm(user, form);
  // The spec's `images`; Previous/Next ask GET /api/images/{id}/neighbours, so they reach every image.
  const { images } = await listFormImages(form, 1, ENTRY_IMAGE_LIST_LIMIT);
  const totalImages = form.imageCount;
  const standing = { images, totalImages, isBlocked, entryClosedReason: entryClosedReason(form, isBlocked) };
  respond(ctx, entryResponseSchema, presentEntry(form, formViewer(ctx, user, form), standing));
});

entryRouter.get('/api/forms/:id/next-image', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { skipImageId } = parseInput(nextImageQuerySchema, ctx.query);
  const user = requireUser(ctx);
  const form = await loadFormForEntry(ctx, user, id);
  const { image, remainingCount } = await leaseNextImage(form, user, skipImageId);
  if (!image) throw notFound(remainingCount > 0 ? ALL_IMAGES_IN_PROGRESS : NO_IMAGES_LEFT);
  const next = { image, remainingCount };
  const contributorColumns = await contributorColumnsFor(form.id, [image]);
  respond(ctx, nextImageResponseSchema, presentNextImage(form, formViewer(ctx, user, form), next, contributorColumns));
});
