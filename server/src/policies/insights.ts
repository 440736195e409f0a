/**
 * Who may see a form's Insights: its managers, when the caller is on the Professional plan (which
 * sells "advanced analytics") or is the administrator. A manager on another plan gets a 402 with
 * `upgrade: true`, so the tab shows an upgrade prompt; anyone else the form's usual 404/403.
 */
import { MESSAGES } from '@formscribe/common/messages';
import { HttpError } from '../errors.ts';
import type { Form, User } from '../models/index.ts';
import { isAdmin, loadManagedForm, type PolicyContext } from './forms.ts';

export function hasInsightsAccess(ctx: PolicyContext, user: User): boolean {
  return user.subscriptionStatus === 'professional' || isAdmin(ctx, user);
}

/** The form, if the user manages it and has Insights; else 404, 403 or 402. */
export async function loadInsightsForm(ctx: PolicyContext, user: User, formId: number): Promise<Form> {
  const form = await loadManagedForm(ctx, user, formId);
  if (!hasInsightsAccess(ctx, user)) throw new HttpError(402, MESSAGES.insightsNeedProfessional, { upgrade: true });
  return form;
}
