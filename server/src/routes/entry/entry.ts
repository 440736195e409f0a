/** The data-entry page's reads: the form with the caller's standing, and the next image to do. */
import { entryApi } from '@formscribe/common/api/entry';
import { ALL_IMAGES_IN_PROGRESS, ENTRY_IMAGE_LIST_LIMIT, NO_IMAGES_LEFT } from '@formscribe/common/schemas/submission';
import { notFound } from '../../errors.ts';
import { entryClosedReason, formViewer, isBlockedFromForm } from '../../policies/index.ts';
import { presentEntry, presentNextImage } from '../../presenters/presentEntry.ts';
import { contributorColumnsFor } from '../../services/catalogue/contributorColumns.ts';
import { leaseNextImage } from '../../services/entry/nextImage.ts';
import { listFormImages } from '../../services/images/imagePages.ts';
import { route } from '../declared/declareRoute.ts';
import { entryForm } from '../declared/imagePolicies.ts';
import { viewableForm } from '../declared/routePolicies.ts';

route(entryApi.getEntry, { policy: viewableForm }, async (ctx, { user, resource: form }) => {
  const isBlocked = await isBlockedFromForm(user, form);
  // The spec's `images`; Previous/Next ask GET /api/images/{id}/neighbours, so they reach every image.
  const { images } = await listFormImages(form, 1, ENTRY_IMAGE_LIST_LIMIT);
  const totalImages = form.imageCount;
  const standing = { images, totalImages, isBlocked, entryClosedReason: entryClosedReason(form, isBlocked) };
  return presentEntry(form, formViewer(ctx, user, form), standing);
});

route(entryApi.nextImage, { policy: entryForm }, async (ctx, { user, query, resource: form }) => {
  const { image, remainingCount } = await leaseNextImage(form, user, query.skipImageId);
  if (!image) throw notFound(remainingCount > 0 ? ALL_IMAGES_IN_PROGRESS : NO_IMAGES_LEFT);
  const next = { image, remainingCount };
  const contributorColumns = await contributorColumnsFor(form.id, [image]);
  return presentNextImage(form, formViewer(ctx, user, form), next, contributorColumns);
});
