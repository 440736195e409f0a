/** Who may enter data on a form right now: anyone who may see it, unless blocked or the form is closed. */
import { entryClosedReason } from '@formscribe/common/entryAccess';
import { BLOCKED_FROM_FORM, DATA_ENTRY_PAUSED, FORM_NOT_ACTIVE } from '@formscribe/common/schemas/submission';
import { forbidden } from '../errors.ts';
import type { Form, User } from '../models/index.ts';
import type { PolicyContext } from './forms.ts';
import { isBlockedFromForm, loadViewableForm } from './forms.ts';

// The rule itself lives in common/, so the entry page closes live on the same reasons.
export { entryClosedReason };

/** Throws a 403 with the reason when the user may not submit or vote on this form now. */
export async function assertCanEnterData(user: User, form: Form): Promise<void> {
  const reason = entryClosedReason(form, await isBlockedFromForm(user, form));
  if (reason === 'blocked') throw forbidden(BLOCKED_FROM_FORM, { blocked: true });
  if (reason === 'formInactive') throw forbidden(FORM_NOT_ACTIVE, { formInactive: true });
  if (reason === 'dataEntryPaused') throw forbidden(DATA_ENTRY_PAUSED, { dataEntryPaused: true });
}

/** A form the user may enter data on: 404 if they cannot see it, 403 with the reason otherwise. */
export async function loadFormForEntry(ctx: PolicyContext, user: User, formId: number): Promise<Form> {
  const form = await loadViewableForm(ctx, user, formId);
  await assertCanEnterData(user, form);
  return form;
}
