/** The super admin page's fixed wording and numbers (spec sections 6 and 9). */
import { ADMIN_LIMIT_MIN, type AdminUser } from '@formscribe/common/schemas/admin';

export const ACCESS_DENIED_TEXT = 'Access Denied - You need super administrator privileges to access this page.';

/** What the edit dialog starts from when an account has no usable value (spec: super admin fallbacks). */
export const SUPER_ADMIN_FALLBACKS = {
  activeFormLimit: 10,
  imageCountLimitPerForm: 100,
  imageSizeLimitMB: 50,
} as const;

/** The System tab's display defaults: shown, not wired to anything (spec section 9). */
export const SYSTEM_DISPLAY_DEFAULTS = [
  { label: 'Max forms per user', value: '50' },
  { label: 'Images per form', value: '500' },
  { label: 'Submissions per month', value: '10,000' },
  { label: 'Registration', value: 'Enabled' },
] as const;

export type LimitKey = keyof typeof SUPER_ADMIN_FALLBACKS;

export const LIMIT_LABELS: Record<LimitKey, string> = {
  activeFormLimit: 'Active form limit',
  imageCountLimitPerForm: 'Images per form',
  imageSizeLimitMB: 'Image size limit (MB)',
};

/** The dialog's starting text for each limit: the account's value, else the fallback. */
export function initialLimitTexts(user: AdminUser): Record<LimitKey, string> {
  return {
    activeFormLimit: String(user.activeFormLimit || SUPER_ADMIN_FALLBACKS.activeFormLimit),
    imageCountLimitPerForm: String(user.imageCountLimitPerForm || SUPER_ADMIN_FALLBACKS.imageCountLimitPerForm),
    imageSizeLimitMB: String(user.imageSizeLimitMB || SUPER_ADMIN_FALLBACKS.imageSizeLimitMB),
  };
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
