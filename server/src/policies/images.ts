import { MESSAGES } from '@formscribe/common/messages';
import { notFound } from '../errors.ts';
import { type Form, FormImage, type User } from '../models/index.ts';
import { assertCanEnterData } from './entry.ts';
import type { PolicyContext } from './forms.ts';
import { canManageForm, loadManagedForm, loadViewableForm } from './forms.ts';

export const IMAGE_NOT_FOUND = MESSAGES.imageNotFound;

/** An image whose form the user may see (owner, admin, contributor with access), or 404. */
export async function loadViewableImage(ctx: PolicyContext, user: User, imageId: number) {
  const image = await FormImage.query().findById(imageId);
  if (!image) throw notFound(IMAGE_NOT_FOUND);
  const form: Form = await loadViewableForm(ctx, user, image.formId).catch(() => {
    throw notFound(IMAGE_NOT_FOUND);
  });
  return { image, form };
}

/** An image whose form the user manages: 404 if they cannot see it, 403 if they only contribute. */
export async function loadManagedImage(ctx: PolicyContext, user: User, imageId: number) {
  const { image } = await loadViewableImage(ctx, user, imageId);
  const form = await loadManagedForm(ctx, user, image.formId);
  return { image, form };
}

/**
 * Turning an image is a data-entry action (the entry page saves it for contributors): managers
 * may always, anyone else only while they may submit, with the submission's 403 otherwise.
 */
export async function assertCanRotateImage(ctx: PolicyContext, user: User, form: Form): Promise<void> {
  if (canManageForm(ctx, user, form)) return;
  await assertCanEnterData(user, form);
}

/** An image the user may turn: 404 if they cannot see it, 403 with the reason if they may not enter data. */
export async function loadRotatableImage(ctx: PolicyContext, user: User, imageId: number) {
  const { image, form } = await loadViewableImage(ctx, user, imageId);
  await assertCanRotateImage(ctx, user, form);
  return { image, form };
}
