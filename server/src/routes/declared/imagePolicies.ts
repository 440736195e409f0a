/**
 * The policies of the image, file, vote, region, entry and submission routes (declareRoute.ts),
 * each an adapter over server/src/policies/: it loads what the route acts on from the checked
 * path parameters, or throws the 404/403 that says the caller may not.
 */
import type { AppContext } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import type { User } from '../../models/index.ts';
import { IMAGE_NOT_FOUND, loadManagedImage, loadRotatableImage, loadViewableImage } from '../../policies/images.ts';
import {
  assertCanEnterData,
  loadDeletableSubmission,
  loadFormForEntry,
  loadVisibleSubmission,
} from '../../policies/index.ts';
import { loadShiftableImage } from '../../policies/regions.ts';
import { findImageByStoredName, type ImageFileKind } from '../../services/images/storedImageLookup.ts';
import type { RoutePolicy } from './declareRoute.ts';
import { byParam, formByParam } from './routePolicies.ts';

/** The form of `/…/forms/{id}`, for those who may enter data on it now (else the reason's 403). */
export const entryForm = formByParam('id', loadFormForEntry);

/** The image of `/api/images/{id}` and its form, for anyone who may see the form. */
export const viewableImage = byParam('id', loadViewableImage);
/** …for the form's managers (403 for its contributors). */
export const managedImage = byParam('id', loadManagedImage);
/** …for those who may turn it: managers, and contributors while they may enter data. */
export const rotatableImage = byParam('id', loadRotatableImage);
/** …for those who may shift its field boxes (policies/regions.ts). */
export const shiftableImage = byParam('id', loadShiftableImage);

/** …for those who may vote on it: anyone who sees it, while they may enter data on its form. */
export const votableImage = byParam('id', async (ctx: AppContext, user: User, id: number) => {
  const loaded = await loadViewableImage(ctx, user, id);
  await assertCanEnterData(user, loaded.form);
  return loaded;
});

/** The submission of `/api/submissions/{id}`: its form's managers and the person who made it. */
export const visibleSubmission = byParam('id', loadVisibleSubmission);
/** …to delete: the form's managers only. */
export const deletableSubmission = byParam('id', loadDeletableSubmission);

/**
 * An image's stored file (`images` the original, `thumbnails` its thumbnail) named by the path's
 * `filename`, for anyone who may see the image's form; a name storage did not make is a 404 too.
 */
export function storedImageFile(kind: ImageFileKind): RoutePolicy<{ params: { filename: string } }, void> {
  return async (ctx, user, { params }) => {
    const image = await findImageByStoredName(kind, params.filename);
    if (!image) throw notFound(IMAGE_NOT_FOUND);
    await loadViewableImage(ctx, user, image.id);
  };
}
