import { displayName } from '@formscribe/common/displayName';
import type { FormAdmin } from '@formscribe/common/schemas/formStats';
import type { EmailVerifiedResponse, UserResponse } from '@formscribe/common/schemas/user';
import type { User } from '../models/index.ts';
import { entitlementsOf } from '../policies/entitlements.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The user as the API shows it: no password hash, no tokens, no payment-provider ids. */
export function presentUser(user: User, adminEmail: string): UserResponse {
  const { limits, abilities } = entitlementsOf(user, adminEmail);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    emailVerified: user.emailVerified,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    subscriptionStatus: user.plan,
    subscriptionEndsAt: iso(user.subscriptionEndsAt),
    stripeTestMode: user.stripeTestMode,
    ...limits,
    hasCompletedTutorial: user.hasCompletedTutorial,
    hasCompletedDataEntryTutorial: user.hasCompletedDataEntryTutorial,
    isAdmin: user.username === adminEmail,
    createdAt: user.createdAt.toISOString(),
    locale: user.locale,
    abilities,
  };
}

/** A form's manager as the Users tab lists them: a name, or the part of the e-mail before @. */
export function presentFormAdmin(user: User): FormAdmin {
  return { id: user.id, name: displayName(user) };
}

/** The answer to following a verification link: what to say, and the account as it now is. */
export function presentEmailVerified(user: User, adminEmail: string, message: string): EmailVerifiedResponse {
  return { message, user: presentUser(user, adminEmail) };
}
