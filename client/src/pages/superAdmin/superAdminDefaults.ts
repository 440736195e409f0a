/**
 * The super admin page's fixed numbers and the wording built from them (spec sections 6 and 9),
 * in the language in use: callers pass their translator (useT) so they re-render with it.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import {
  effectiveLimits,
  PLANS,
  type PlanId,
  type PlanLimits,
  planLimits,
  SUPER_ADMIN_LIMITS,
} from '@formscribe/common/plans';
import { ADMIN_LIMIT_MIN, type AdminUser } from '@formscribe/common/schemas/admin';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import type { AdminListNoun } from './useAdminList.ts';

type Words = Translator<MessageKey>;

/** The System tab's display defaults: shown, not wired to anything (spec section 9). */
export function systemDisplayDefaults({ t, number }: Words): { label: string; value: string }[] {
  return [
    { label: t('progress.admin.defaultMaxForms'), value: number(50) },
    { label: t('progress.admin.defaultImagesPerForm'), value: number(500) },
    { label: t('progress.admin.defaultSubmissionsPerMonth'), value: number(10_000) },
    { label: t('progress.admin.defaultRegistration'), value: t('progress.admin.enabled') },
  ];
}

export type LimitKey = keyof PlanLimits;

export const LIMIT_KEYS: readonly LimitKey[] = ['activeFormLimit', 'imageCountLimitPerForm', 'imageSizeLimitMB'];

export const limitLabel = (key: LimitKey, words: Words) => words.t('progress.admin.limitLabel', { limit: key });

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
export function limitHint(plan: PlanId, key: LimitKey, value: number, words: Words): string {
  const planValue = planLimits(plan)[key];
  const planName = PLANS[plan].name;
  return value === planValue
    ? words.t('progress.admin.planLimit', { plan: planName })
    : words.t('progress.admin.customLimit', { plan: planName, value: planValue });
}

/** Why a typed limit cannot be saved, or null: a number, at least 1 (whole for counts). */
export function limitProblem(key: LimitKey, text: string, words: Words): string | null {
  const value = Number(text);
  const label = limitLabel(key, words);
  if (text.trim() === '' || !Number.isFinite(value)) return words.t('progress.admin.mustBeNumber', { label });
  if (value < ADMIN_LIMIT_MIN) return words.t('progress.admin.mustBeAtLeast', { label, min: ADMIN_LIMIT_MIN });
  if (key !== 'imageSizeLimitMB' && !Number.isInteger(value)) return words.t('progress.admin.mustBeWhole', { label });
  return null;
}

/** "1 user", "12 users", or "10,000+ users" when the server stopped counting. */
export function totalText(page: { total: number; totalIsCapped: boolean }, noun: AdminListNoun, words: Words): string {
  const key = page.totalIsCapped ? 'progress.admin.totalCapped' : 'progress.admin.totalCount';
  return words.t(key, { noun, count: page.total });
}
