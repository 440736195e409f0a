import type { PlanId } from '@formscribe/common/plans';
import { BaseModel } from './BaseModel.ts';

export type TestPaymentStatus = 'requires_payment_method' | 'succeeded' | 'canceled';

/** A payment intent of the built-in test provider (services/billing/testProvider.ts). */
export class TestPayment extends BaseModel {
  static override tableName = 'test_payments';

  declare userId: number;
  declare clientSecret: string;
  declare idempotencyKey: string;
  declare kind: 'subscription' | 'upgrade';
  declare planId: PlanId;
  declare fromPlanId: PlanId;
  /** Charged to the card, after `creditAppliedCents` of account credit. */
  declare amountCents: number;
  declare creditAppliedCents: number;
  /** The subscription version it was made for; a later plan change voids it. */
  declare baseVersion: number;
  declare status: TestPaymentStatus;
  declare createdAt: Date;
  declare succeededAt: Date | null;
}
