import { notFound } from '../errors.ts';
import { type Form, FormImage, type User } from '../models/index.ts';
import type { PolicyContext } from './forms.ts';
import { loadManagedForm, loadViewableForm } from './forms.ts';

export const IMAGE_NOT_FOUND = 'Image not found';

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
