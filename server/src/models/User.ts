import type { Locale } from '@formscribe/common/i18n/locales';
import type { PlanId } from '@formscribe/common/plans';
import { BaseModel } from './BaseModel.ts';

export class User extends BaseModel {
  static override tableName = 'users';

  declare username: string;
  declare name: string | null;
  /** argon2id hash; never leaves the server (see presentUser). */
  declare password: string;
  declare emailVerified: boolean;
  declare emailVerifiedAt: Date | null;
  /**
   * The account's plan (users.plan; the API still calls it subscriptionStatus). Written only by
   * services/billing/planChange.ts; read what it allows through policies/entitlements.ts.
   */
  declare plan: PlanId;
  declare stripeCustomerId: string | null;
  declare stripeSubscriptionId: string | null;
  declare subscriptionEndsAt: Date | null;
  declare stripeTestMode: boolean;
  /**
   * Limits the super administrator set for this account; null follows the plan. Read the limits
   * that hold through policies/entitlements.ts (entitlementsOf, limitsOf), never these alone.
   */
  declare activeFormLimitOverride: number | null;
  declare imageCountLimitPerFormOverride: number | null;
  // Read back from image_size_limit_mb_override as "Mb"; the API spells it imageSizeLimitMB.
  declare imageSizeLimitMbOverride: number | null;
  declare hasCompletedTutorial: boolean;
  declare hasCompletedDataEntryTutorial: boolean;
  /** The interface language the user chose (their pages and their mail); null: the browser's. */
  declare locale: Locale | null;
  declare createdAt: Date;
}
