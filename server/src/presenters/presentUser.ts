import type { UserResponse } from '@formscribe/common/schemas/user';
import type { User } from '../models/index.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The user as the API shows it: no password hash, no tokens, no payment-provider ids. */
export function presentUser(user: User, adminEmail: string): UserResponse {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    emailVerified: user.emailVerified,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    subscriptionStatus: user.subscriptionStatus,
    subscriptionEndsAt: iso(user.subscriptionEndsAt),
    stripeTestMode: user.stripeTestMode,
    activeFormLimit: user.activeFormLimit,
    imageCountLimitPerForm: user.imageCountLimitPerForm,
    imageSizeLimitMB: user.imageSizeLimitMb,
    hasCompletedTutorial: user.hasCompletedTutorial,
    hasCompletedDataEntryTutorial: user.hasCompletedDataEntryTutorial,
    isAdmin: user.username === adminEmail,
    createdAt: user.createdAt.toISOString(),
  };
}
