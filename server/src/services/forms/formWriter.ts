/**
 * Creating, changing and deleting forms: the writer of a form's settings and fields. A few columns
 * have their own homes: the figures (stats/formCounters.ts), the logo (images/formLogos.ts), the
 * webhook secret's rotation (webhooks/webhookSettings.ts); a plan that ends deactivates forms in
 * billing/dropToFree.ts, in the plan change's transaction.
 */
import type {
  CreateFormRequest,
  createFormRequestSchema,
  UpdateFormRequest,
  updateFormRequestSchema,
} from '@formscribe/common/schemas/form';
import type { z } from 'zod';
import type { AppDeps } from '../../appTypes.ts';
import { Form, FormImage, type User } from '../../models/index.ts';
import { type AuditActor, auditFormRules } from '../audit/auditedChanges.ts';
import { fieldsChangeConsensus } from '../consensus/consensusFields.ts';
import { enqueueFormRecompute } from '../consensus/formRecompute.ts';
import { type DomainEvents, inTransaction } from '../events/domainEventRecorder.ts';
import { enqueueReadingsOnRegionChange } from '../ocr/machineReadingJob.ts';
import { readMachineReadingSettings } from '../ocr/machineReadingSettings.ts';
import { removeFormFiles } from '../storage/formFiles.ts';
import { webhookUrlPatch } from '../webhooks/webhookSettings.ts';
import { assertCanActivateAnotherForm } from './formLimits.ts';
import { countRuleBreaks, type RuleBreak } from './ruleBreaks.ts';

type CreateInput = z.output<typeof createFormRequestSchema>;
type UpdateInput = z.output<typeof updateFormRequestSchema>;

export type { CreateFormRequest, UpdateFormRequest };

export async function createForm(deps: AppDeps, owner: User, input: CreateInput): Promise<Form> {
  return deps.knex.transaction(async (trx) => {
    await assertCanActivateAnotherForm(trx, owner.id);
    return Form.query(trx).insertAndFetch({
      name: input.name,
      description: input.description,
      instructions: input.instructions,
      fields: input.fields,
      requiredEntriesPerImage: input.requiredEntriesPerImage,
      createdById: owner.id,
    });
  });
}

/** The changed form, and how many entered values break rules the change gave fields (ruleBreaks.ts). */
export interface UpdatedForm {
  form: Form;
  ruleBreaks: RuleBreak[];
}

/**
 * Applies any subset of the editable properties; activating counts against the owner's plan.
 * `by` made the change (the audit trail's actor). Images are recomputed only when the change moves what consensus reads (consensusFields.ts).
 */
export async function updateForm(
  deps: AppDeps,
  form: Form,
  changes: UpdateInput,
  by: AuditActor,
): Promise<UpdatedForm> {
  const patch = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  Object.assign(patch, await webhookUrlPatch(deps, form, changes.webhookUrl));
  return inTransaction(deps, async (events) => {
    const { trx } = events;
    if (changes.isActive === true && !form.isActive) await assertCanActivateAnotherForm(trx, form.createdById);
    const updated = await Form.query(trx).patchAndFetchById(form.id, { ...patch, updatedAt: new Date() });
    const verificationRulesChanged =
      (changes.fields !== undefined && fieldsChangeConsensus(form.fields, changes.fields)) ||
      (changes.requiredEntriesPerImage !== undefined &&
        changes.requiredEntriesPerImage !== form.requiredEntriesPerImage);
    if (verificationRulesChanged) await enqueueFormRecompute(events, form.id);
    await auditFormRules(events, by, form, changes);
    // A moved box is read again (when the owner has machine reading on).
    if (changes.fields) await enqueueReadingsOnRegionChange(events, form, changes.fields);
    // Nothing was read while the form was inactive: its images are read now (read boxes are skipped).
    if (changes.isActive === true && !form.isActive && (await readMachineReadingSettings(trx, form.id)).enabled)
      await events.record({ type: 'read-form', formId: form.id });
    events.record({ type: 'form-settings-changed', form: updated });
    const ruleBreaks = changes.fields ? await countRuleBreaks(trx, form.id, form.fields, changes.fields) : [];
    return { form: updated, ruleBreaks };
  });
}

/** Deletes the form (rows cascade) and then its stored files. */
export async function deleteForm(deps: AppDeps, form: Form): Promise<void> {
  const images = await FormImage.query().where({ formId: form.id }).select('filename', 'thumbnailFilename');
  await Form.query().deleteById(form.id);
  await deps.events.dispatch([{ type: 'form-removed', formId: form.id }]);
  await removeFormFiles(deps.config, form, images).catch((error) =>
    deps.logger.warn({ err: error, formId: form.id }, 'form files could not all be removed'),
  );
}

/** Deactivates several forms at once (the downgrade flow): forms the policy found the caller manages. */
export function deactivateForms(deps: AppDeps, forms: Form[]): Promise<number> {
  return inTransaction(deps, (events) => deactivateFormsIn(events, forms));
}

/**
 * Deactivates `forms` in the events' transaction and records each one's new settings (their
 * contributors leave the forms' rooms once it commits). Also the drop to free's (billing/dropToFree.ts).
 */
export async function deactivateFormsIn(events: DomainEvents, forms: Form[]): Promise<number> {
  if (!forms.length) return 0;
  const formIds = forms.map((form) => form.id);
  await Form.query(events.trx).whereIn('id', formIds).patch({ isActive: false, updatedAt: new Date() });
  for (const form of forms)
    events.record({ type: 'form-settings-changed', form: Object.assign(form.$clone(), { isActive: false }) });
  return forms.length;
}
