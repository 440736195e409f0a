/**
 * The super administrator: the one account whose e-mail is ADMIN_EMAIL. Created at start when
 * absent, with ADMIN_PASSWORD or a generated password printed once, on the free plan with its own
 * limits (common/plans.ts SUPER_ADMIN_LIMITS).
 */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../appTypes.ts';
import { User } from '../models/index.ts';
import { SUPER_ADMIN_ACCOUNT_PLAN } from './billing/planChange.ts';
import { hashPassword } from './passwords.ts';

export interface AdminBootstrapResult {
  email: string;
  /** Set only when the account was created just now with a generated password. */
  generatedPassword?: string;
  created: boolean;
}

export async function ensureAdminAccount(deps: AppDeps): Promise<AdminBootstrapResult> {
  const email = deps.config.adminEmail;
  const generatedPassword = deps.config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = deps.config.adminPassword ?? generatedPassword ?? '';
  const inserted = await User.query()
    .insert({
      username: email,
      name: 'Administrator',
      password: await hashPassword(password),
      emailVerified: true,
      emailVerifiedAt: new Date(),
      ...SUPER_ADMIN_ACCOUNT_PLAN,
    })
    .onConflict('username')
    .ignore()
    .returning('id');
  const created = Boolean((inserted as unknown as { id?: number }).id);
  return { email, created, generatedPassword: created ? generatedPassword : undefined };
}
