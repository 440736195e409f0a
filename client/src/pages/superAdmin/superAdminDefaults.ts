/** The super admin page's fixed wording and numbers (spec sections 6 and 9). */
import {
  effectiveLimits,
  PLANS,
  type PlanId,
  type PlanLimits,
  planLimits,
  SUPER_ADMIN_LIMITS,
} from '@formscribe/common/plans';
import { ADMIN_LIMIT_MIN, type AdminUser } from '@formscribe/common/schemas/admin';

export const ACCESS_DENIED_TEXT = 'Access Denied - You need super administrator privileges to access this page.';

/** The System tab's display defaults: shown, not wired to anything (spec section 9). */
export const SYSTEM_DISPLAY_DEFAULTS = [
  { label: 'Max forms per user', value: '50' },
  { label: 'Images per form', value: '500' },
  { label: 'Submissions per month', value: '10,000' },
  { label: 'Registration', value: 'Enabled' },
] as const;

export type LimitKey = keyof PlanLimits;

export const LIMIT_KEYS: readonly LimitKey[] = ['activeFormLimit', 'imageCountLimitPerForm', 'imageSizeLimitMB'];

export const LIMIT_LABELS: Record<LimitKey, string> = {
  activeFormLimit: 'Active form limit',
  imageCountLimitPerForm: 'Images per form',
  imageSizeLimitMB: 'Image size limit (MB)',
};

/**
 * What a limit field shows before the administrator types in it: on the account's own plan, the
 * limit that holds now, as the server sent it (the spec's super admin fallback, SUPER_ADMIN_LIMITS,
 * when that is not usable); on another plan chosen in the dialog, the limit the change would bring
 * (common/plans.ts: the account's override, else that plan's).
 */
export function shownLimit(user: AdminUser, plan: PlanId, key: LimitKey): number {
  if (plan === user.subscriptionStatus) return user[key] || SUPER_ADMIN_LIMITS[key];
  return effectiveLimits(plan, user.limitOverrides)[key];
}

/** The hint under a limit field: whether it follows the plan or is the administrator's own. */
export function limitHint(plan: PlanId, key: LimitKey, value: number): string {
  const planValue = planLimits(plan)[key];
  const planName = PLANS[plan].name;
  return value === planValue
    ? `The ${planName} plan's limit`
    : `Custom limit (the ${planName} plan gives ${planValue})`;
}

/** Why a typed limit cannot be saved, or null: a number, at least 1 (whole for counts). */
export function limitProblem(key: LimitKey, text: string): string | null {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return `${LIMIT_LABELS[key]} must be a number`;
  if (value < ADMIN_LIMIT_MIN) return `${LIMIT_LABELS[key]} must be at least ${ADMIN_LIMIT_MIN}`;
  if (key !== 'imageSizeLimitMB' && !Number.isInteger(value)) return `${LIMIT_LABELS[key]} must be a whole number`;
  return null;
}

/** "1 user", "12 users", or "10,000+ users" when the server stopped counting. */
export function totalText(page: { total: number; totalIsCapped: boolean }, noun: string): string {
  const plural = page.total === 1 && !page.totalIsCapped ? noun : `${noun}s`;
  return `${page.total.toLocaleString()}${page.totalIsCapped ? '+' : ''} ${plural}`;
}
