/**
 * One image: read it (viewers: its JSON, its file, its neighbours), rotate it (managers, and contributors while they may enter
 * data: the entry page saves rotation), mark or unmark it complete and delete it (managers).
 */
import { imagesApi } from '@formscribe/common/api/images';
import { automaticCompletion, cannotUnmarkMessage } from '@formscribe/common/imageCompletion';
import { conflict } from '../../errors.ts';
import { formRole } from '../../policies/forms.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { contributorColumnsFor } from '../../services/catalogue/contributorColumns.ts';
import {
  deleteImage,
  markImageComplete,
  rotateImage,
  unmarkImageComplete,
} from '../../services/images/imageChanges.ts';
import { findImageNeighbours } from '../../services/images/imageNeighbours.ts';
import { route } from '../declared/declareRoute.ts';
import { managedImage, rotatableImage, viewableImage } from '../declared/imagePolicies.ts';
import { respond } from '../respond.ts';
import { PRIVATE_CACHE, sendStoredFile } from './fileProxies.ts';

/** The caller's most wanted type (Accept, by preference) is an image; no header, or any type first, means JSON. */
const prefersAnImage = (acceptedTypes: string[] | string | false) =>
  Array.isArray(acceptedTypes) && (acceptedTypes[0] ?? '').startsWith('image/');

/**
 * Mounted from its contract less the `response`: route() checks a declared answer after every
 * handler, and this one returns none when it sends the file. Its JSON goes out through respond()
 * with the contract's schema.
 */
const { response: imageJson, ...imageFileOrJson } = imagesApi.getImage;

/**
 * The spec's "GET /api/images/{id} (file)": a request that prefers an image (an `<img src>` sends
 * `Accept: image/*,...`) gets the file, any other (fetch with JSON, or no preference) the image's
 * JSON. One URL with two bodies, so caches must key on Accept, and the JSON (entry counts,
 * completion) is never kept: only the file is, privately, like the proxies.
 */
route(imageFileOrJson, { policy: viewableImage }, async (ctx, { user, resource: { image, form } }) => {
  ctx.vary('Accept');
  if (prefersAnImage(ctx.accepts())) {
    await sendStoredFile(ctx, 'images', image.filename, PRIVATE_CACHE);
    return;
  }
  ctx.set('Cache-Control', 'no-store');
  const role = formRole(ctx, user, form);
  // The entry page reads its image here: contributors get the catalogue columns chosen for them.
  const contributorColumns = role === 'owner' ? [] : await contributorColumnsFor(form.id, [image]);
  respond(ctx, imageJson, presentImage(image, undefined, role, contributorColumns));
});

/** Previous/Next on the entry page: the image's place in upload order and the ids either side. */
route(imagesApi.imageNeighbours, { policy: viewableImage }, (_ctx, { resource: { image, form } }) =>
  findImageNeighbours(form, image),
);

route(imagesApi.completeImage, { policy: managedImage }, async (ctx, { user, resource: { image, form } }) =>
  presentImage(await markImageComplete(ctx.deps, form, image.id, user), undefined, 'owner'),
);

/**
 * Takes a manager's mark back. An image its entries or votes completed, with no mark to take back,
 * answers 409 saying why it stays complete; a mark on such an image comes off, and it stays complete.
 */
route(imagesApi.uncompleteImage, { policy: managedImage }, async (ctx, { user, resource: { image, form } }) => {
  const heldBy = automaticCompletion(image, form.requiredEntriesPerImage);
  if (heldBy && !image.manuallyCompleted) throw conflict(cannotUnmarkMessage(heldBy));
  return presentImage(await unmarkImageComplete(ctx.deps, form, image.id, user), undefined, 'owner');
});

route(imagesApi.rotateImage, { policy: rotatableImage }, async (ctx, { user, body, resource: { image, form } }) => {
  const rotated = await rotateImage(ctx.deps, form, image.id, body.rotation);
  // The answer replaces the entry page's image: it keeps what the viewer saw of the catalogue.
  const role = formRole(ctx, user, form);
  const contributorColumns = role === 'owner' ? [] : await contributorColumnsFor(form.id, [rotated]);
  return presentImage(rotated, undefined, role, contributorColumns);
});

route(imagesApi.deleteImage, { policy: managedImage }, async (ctx, { user, resource: { image, form } }) => {
  await deleteImage(ctx.deps, form, image, user);
});
