/**
 * Plan limits on images, always the FORM OWNER's (an admin or a co-manager uploading to a form
 * spends the owner's allowance), plus a hard cap on any upload whatever the plan.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import { forbidden, HttpError } from '../../errors.ts';
import { Form, User } from '../../models/index.ts';
import { limitsOf } from '../../policies/entitlements.ts';
import { fileTooLarge, MEGABYTE } from './imageErrors.ts';

/** No single upload may exceed this, whatever a plan or the super admin allows. */
export const UPLOAD_HARD_CAP_BYTES = 60 * MEGABYTE;

export const imageSizeLimitBytes = (owner: User) => Math.floor(limitsOf(owner).imageSizeLimitMB * MEGABYTE);

export function imageLimitReached(owner: User): HttpError {
  const limit = limitsOf(owner).imageCountLimitPerForm;
  return forbidden(`Image limit reached: this form can hold ${limit} images on the ${owner.plan} plan`, {
    upgrade: true,
    limit,
    plan: owner.plan,
  });
}

export function imageTooLarge(owner: User): HttpError {
  const limit = limitsOf(owner).imageSizeLimitMB;
  return new HttpError(
    413,
    `Image is larger than your plan allows: the ${owner.plan} plan accepts images up to ${limit} MB`,
    { upgrade: true, limit, plan: owner.plan },
  );
}

/** The byte cap for the multipart parser and the error to answer when a file goes over it. */
export function uploadCapFor(owner: User): { maxBytes: number; tooLarge: () => HttpError } {
  const planBytes = imageSizeLimitBytes(owner);
  return planBytes < UPLOAD_HARD_CAP_BYTES
    ? { maxBytes: planBytes, tooLarge: () => imageTooLarge(owner) }
    : { maxBytes: UPLOAD_HARD_CAP_BYTES, tooLarge: () => fileTooLarge(UPLOAD_HARD_CAP_BYTES) };
}

export async function findFormOwner(form: Form, trx?: Knex.Transaction): Promise<User> {
  const owner = await User.query(trx).findById(form.createdById);
  if (!owner) throw new Error(`form ${form.id} has no owner row`);
  return owner;
}

/**
 * Refuses when the form is inactive or already holds as many images as the owner's plan allows.
 * A plan bounds active forms, so an inactive one takes no images: otherwise create, deactivate,
 * create again would give a free owner any number of forms to fill (a form being prepared stays
 * active with its data entry paused). Without a transaction this is only an early answer; the
 * binding check runs again under the form lock.
 */
export function assertRoomForAnotherImage(form: Form, owner: User): void {
  if (!form.isActive) throw new HttpError(409, MESSAGES.inactiveFormTakesNoImages, { formInactive: true });
  // The form's image counter, kept by delta in every transaction that adds or deletes an image.
  if (form.imageCount >= limitsOf(owner).imageCountLimitPerForm) throw imageLimitReached(owner);
}

/** Locks the form row so that concurrent uploads to it are counted one after another. */
export async function lockForm(trx: Knex.Transaction, formId: number): Promise<Form | undefined> {
  return Form.query(trx).findById(formId).forUpdate();
}

/** Namespace of the advisory locks below (the first key of PostgreSQL's two-key form). */
export const IMAGE_NUMBERS_LOCK = 0x1a6e;

/**
 * Serialises the changes that number a form's images (uploads append, deletes move later images
 * down) until the transaction ends. Not the form row: a delete renumbers image rows, and the
 * image state writer locks an image before its form, so holding the form row there could
 * deadlock. Take it before any row lock.
 */
export async function lockFormImageNumbers(trx: Knex.Transaction, formId: number): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [IMAGE_NUMBERS_LOCK, formId]);
}

/**
 * An upload's two locks in one round trip: the form's image numbers (advisory, as above) and then
 * the form's row, which `FOR UPDATE` locks only once the row is found, after the join has taken the
 * advisory lock. The form as it is now, or undefined when it is gone.
 */
export async function lockFormForNewImage(trx: Knex.Transaction, formId: number): Promise<Form | undefined> {
  return Form.query(trx)
    .select('forms.*')
    .joinRaw('CROSS JOIN pg_advisory_xact_lock(?, ?) AS image_numbers_lock', [IMAGE_NUMBERS_LOCK, formId])
    .findById(formId)
    .forUpdate();
}
