/**
 * The disagreement view: for each data field of an image, the values entered grouped as the
 * consensus compares them, and within a group every written form with who wrote it, so the
 * owner sees exactly what was typed (`0012,000.50 ×2, 12000.5 ×1`); and the owner's accepted
 * value, if any. An accepted value is always one of those written forms.
 */

import { groupEnteredValues, preferredWrittenForm } from '@formscribe/common/consensus';
import { DELETED_USER_NAME, displayName } from '@formscribe/common/displayName';
import { dataFields } from '@formscribe/common/fields';
import { writtenForm } from '@formscribe/common/fieldValues';
import { MESSAGES } from '@formscribe/common/messages';
import type { FieldVariants } from '@formscribe/common/schemas/disagreement';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import { FieldResolution, type Form, type FormImage, FormSubmission, User } from '../../models/index.ts';
import { auditAcceptedValue } from '../audit/auditedChanges.ts';
import { inTransaction } from '../events/domainEventRecorder.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';

/** Most entries first; the sort is stable, so equal counts keep the order of first use. */
const byCountDescending = (a: { count: number }, b: { count: number }) => b.count - a.count;

export async function fieldVariants(form: Form, image: FormImage): Promise<FieldVariants[]> {
  const submissions = await FormSubmission.query().where({ imageId: image.id }).orderBy('submittedAt').orderBy('id');
  const userIds = [...new Set(submissions.map((s) => s.submittedById).filter((id): id is number => id !== null))];
  const users = new Map((userIds.length ? await User.query().findByIds(userIds) : []).map((u) => [u.id, u]));
  const submitters = submissions.map((submission) => {
    const user = submission.submittedById ? users.get(submission.submittedById) : undefined;
    return user ? user.username : (submission.submittedByEmail ?? DELETED_USER_NAME);
  });
  const written = (entries: readonly number[]) => ({
    count: entries.length,
    submittedBy: entries.map((index) => submitters[index] ?? DELETED_USER_NAME),
  });
  const resolutions = await FieldResolution.query().where({ imageId: image.id });
  const resolvers = await User.query().findByIds(resolutions.map((r) => r.resolvedById ?? 0));
  return dataFields(form.fields).map((field) => {
    const groups = groupEnteredValues(
      field.type,
      submissions.map((submission) => submission.data[field.id]),
      field.decimalSeparator,
    );
    const resolution = resolutions.find((r) => r.fieldId === field.id);
    const resolver = resolvers.find((u) => u.id === resolution?.resolvedById);
    const status = image.fieldStatus[field.id];
    return {
      fieldId: field.id,
      label: field.label,
      type: field.type,
      isVerified: status?.isVerified ?? false,
      verifiedValue: status?.verifiedValue ?? null,
      variants: groups
        .map((group) => ({
          value: preferredWrittenForm(group),
          ...written(group.entries),
          writtenForms: group.writtenForms
            .map((spelling) => ({ value: spelling.value, ...written(spelling.entries) }))
            .sort(byCountDescending),
        }))
        .sort(byCountDescending),
      resolution: resolution
        ? {
            value: resolution.value,
            resolvedBy: resolver ? displayName(resolver) : null,
            resolvedAt: resolution.resolvedAt.toISOString(),
          }
        : null,
    };
  });
}

/**
 * Accepts one of the values entered for a field, as it was written (`007`, not `7`): it becomes
 * the field's verified value. A value nobody wrote that way is refused.
 */
export async function acceptVariant(
  deps: AppDeps,
  form: Form,
  image: FormImage,
  fieldId: string,
  value: string,
  by: User,
) {
  const field = dataFields(form.fields).find((f) => f.id === fieldId);
  if (!field) throw badRequest(MESSAGES.unknownField);
  const accepted = writtenForm(field.type, value);
  // Checked with the image locked (a missing image is already a 404 there), against the entries it holds now.
  return settleField(deps, form, image, { fieldId, accepted, by }, async (trx) => {
    const entered = (await FormSubmission.query(trx).where({ imageId: image.id })).map((s) =>
      writtenForm(field.type, s.data[field.id]),
    );
    if (!entered.includes(accepted)) throw badRequest(MESSAGES.chooseEnteredValue);
    await FieldResolution.query(trx)
      .insert({ imageId: image.id, fieldId, value: accepted, resolvedById: by.id, resolvedAt: new Date() })
      .onConflict(['imageId', 'fieldId'])
      .merge();
  });
}

export function withdrawAcceptance(deps: AppDeps, form: Form, image: FormImage, fieldId: string, by: User) {
  return settleField(deps, form, image, { fieldId, accepted: null, by }, (trx) =>
    FieldResolution.query(trx).where({ imageId: image.id, fieldId }).delete(),
  );
}

/** Writes the owner's decision with the image locked; the writer recomputes the image with it. */
async function settleField(
  deps: AppDeps,
  form: Form,
  image: FormImage,
  decision: { fieldId: string; accepted: string | null; by: User },
  decide: (trx: Knex.Transaction) => PromiseLike<unknown>,
): Promise<FormImage> {
  const { after } = await inTransaction(deps, async (events) => {
    const change = await writeImageState(events, form, image.id, async () => {
      await decide(events.trx);
      return { kind: 'accepted-value' };
    });
    await auditAcceptedValue(events, decision.by, change, decision.fieldId, decision.accepted);
    return change;
  });
  return after;
}
