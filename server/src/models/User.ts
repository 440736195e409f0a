import type { SubscriptionStatus } from '@formscribe/common/schemas/user';
import { BaseModel } from './BaseModel.ts';

export class User extends BaseModel {
  static override tableName = 'users';

  declare username: string;
  declare name: string | null;
  /** argon2id hash; never leaves the server (see presentUser). */
  declare password: string;
  declare emailVerified: boolean;
  declare emailVerifiedAt: Date | null;
  declare subscriptionStatus: SubscriptionStatus;
  declare stripeCustomerId: string | null;
  declare stripeSubscriptionId: string | null;
  declare subscriptionEndsAt: Date | null;
  declare stripeTestMode: boolean;
  declare activeFormLimit: number;
  declare imageCountLimitPerForm: number;
  // Read back from image_size_limit_mb as "Mb"; the API spells it imageSizeLimitMB (presentUser).
  declare imageSizeLimitMb: number;
  declare hasCompletedTutorial: boolean;
  declare hasCompletedDataEntryTutorial: boolean;
  declare createdAt: Date;
}
