/**
 * Who may use the public API: the Professional plan sells it, and the super admin has it. A
 * token is checked against its owner's plan on every call, so a downgrade stops the API at once
 * (402) and an upgrade brings the same tokens back; nothing is deleted in between.
 */
import type { User } from '../models/index.ts';
import { isAdmin, type PolicyContext } from './forms.ts';

export function hasApiAccess(ctx: PolicyContext, user: User): boolean {
  return user.subscriptionStatus === 'professional' || isAdmin(ctx, user);
}
