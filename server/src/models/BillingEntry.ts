import { BaseModel } from './BaseModel.ts';

export const BILLING_ENTRY_TYPES = ['invoice', 'payment', 'credit', 'charge', 'refund', 'activity', 'failure'] as const;
export type BillingEntryType = (typeof BILLING_ENTRY_TYPES)[number];

/** One row of an account's billing history (the Account Activity table). */
export class BillingEntry extends BaseModel {
  static override tableName = 'billing_history';

  declare userId: number;
  declare type: BillingEntryType;
  /** Who recorded it: 'test' (built-in provider), 'stripe', or 'formscribe' (plan activity). */
  declare source: string;
  declare description: string;
  /** Integer cents, never negative: the type says which way the money went. */
  declare amountCents: number;
  declare currency: string;
  declare status: string;
  declare invoiceUrl: string | null;
  declare downloadUrl: string | null;
  /** Unique when set: recording the same provider event twice keeps one row. */
  declare externalKey: string | null;
  declare createdAt: Date;
}
