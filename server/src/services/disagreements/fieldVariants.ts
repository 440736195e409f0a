/**
 * The disagreement view: for each data field of an image that entries have not agreed on, every
 * distinct (normalised) value with who entered it; and the owner's accepted value, if any.
 */
import { dataFields, type FormField } from '@formscribe/common/fields';
import { normaliseValue } from '@formscribe/common/fieldValues';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import { FieldResolution, type Form, type FormImage, FormSubmission, User } from '../../models/index.ts';
import { publicDisplayName } from '../../presenters/presentSubmission.ts';
import { lockImage, recomputeImage } from '../consensus/imageConsensusStore.ts';

export interface FieldVariants {
  fieldId: string;
  label: string;
  type: FormField['type'];
  isVerified: boolean;
  verifiedValue: string | null;
  variants: { value: string; count: number; submittedBy: string[] }[];
  resolution: { value: string; resolvedBy: string | null; resolvedAt: string } | null;
}

export async function fieldVariants(form: Form, image: FormImage): Promise<FieldVariants[]> {
  const submissions = await FormSubmission.query().where({ imageId: image.id }).orderBy('submittedAt').orderBy('id');
  const userIds = [...new Set(submissions.map((s) => s.submittedById).filter((id): id is number => id !== null))];
  const users = new Map((userIds.length ? await User.query().findByIds(userIds) : []).map((u) => [u.id, u]));
  const resolutions = await FieldResolution.query().where({ imageId: image.id });
  const resolvers = await User.query().findByIds(resolutions.map((r) => r.resolvedById ?? 0));
  return dataFields(form.fields as FormField[]).map((field) => {
    const byValue = new Map<string, { count: number; submittedBy: string[] }>();
    for (const submission of submissions) {
      const value = normaliseValue(field.type, submission.data[field.id]);
      const entry = byValue.get(value) ?? { count: 0, submittedBy: [] };
      entry.count += 1;
      const user = submission.submittedById ? users.get(submission.submittedById) : undefined;
      entry.submittedBy.push(user ? user.username : (submission.submittedByEmail ?? 'Anonymous'));
      byValue.set(value, entry);
    }
    const resolution = resolutions.find((r) => r.fieldId === field.id);
    const resolver = resolvers.find((u) => u.id === resolution?.resolvedById);
    const status = image.fieldStatus[field.id];
    return {
      fieldId: field.id,
      label: field.label,
      type: field.type,
      isVerified: status?.isVerified ?? false,
      verifiedValue: status?.verifiedValue ?? null,
      variants: [...byValue].map(([value, entry]) => ({ value, ...entry })).sort((a, b) => b.count - a.count),
      resolution: resolution
        ? {
            value: resolution.value,
            resolvedBy: resolver ? publicDisplayName(resolver) : null,
            resolvedAt: resolution.resolvedAt.toISOString(),
          }
        : null,
    };
  });
}

/** Accepts one of the entered values for a field; it becomes the field's verified value. */
export async function acceptVariant(
  deps: AppDeps,
  form: Form,
  image: FormImage,
  fieldId: string,
  value: string,
  by: User,
) {
  const field = dataFields(form.fields as FormField[]).find((f) => f.id === fieldId);
  if (!field) throw badRequest('Unknown field');
  const entered = (await FormSubmission.query().where({ imageId: image.id })).map((s) =>
    normaliseValue(field.type, s.data[field.id]),
  );
  const accepted = normaliseValue(field.type, value);
  if (!entered.includes(accepted)) throw badRequest('Choose one of the values contributors entered');
  const updated = await deps.knex.transaction(async (trx) => {
    const locked = await lockImage(trx, image.id);
    if (!locked) throw badRequest('Image not found');
    await FieldResolution.query(trx)
      .insert({ imageId: image.id, fieldId, value: accepted, resolvedById: by.id, resolvedAt: new Date() })
      .onConflict(['imageId', 'fieldId'])
      .merge();
    return recomputeImage(trx, locked, form, { entriesChanged: true });
  });
  void deps.live.imageChanged(form, updated);
  return updated;
}

export async function withdrawAcceptance(deps: AppDeps, form: Form, image: FormImage, fieldId: string) {
  const updated = await deps.knex.transaction(async (trx) => {
    const locked = await lockImage(trx, image.id);
    if (!locked) throw badRequest('Image not found');
    await FieldResolution.query(trx).where({ imageId: image.id, fieldId }).delete();
    return recomputeImage(trx, locked, form, { entriesChanged: true });
  });
  void deps.live.imageChanged(form, updated);
  return updated;
}
