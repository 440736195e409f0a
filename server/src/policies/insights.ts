/**
 * Who may see a form's Insights: its managers, when the caller's entitlements include Insights
 * (policies/entitlements.ts: the plan that sells "advanced analytics", or the administrator). A
 * manager without it gets a 402 with `upgrade: true`, so the tab shows an upgrade prompt; anyone
 * else the form's usual 404/403.
 */
import type { Form, User } from '../models/index.ts';
import { requireFeature } from './entitlements.ts';
import { loadManagedForm, type PolicyContext } from './forms.ts';

/** The form, if the user manages it and has Insights; else 404, 403 or 402. */
export async function loadInsightsForm(ctx: PolicyContext, user: User, formId: number): Promise<Form> {
  const form = await loadManagedForm(ctx, user, formId);
  requireFeature(ctx, user, 'insights');
  return form;
}
