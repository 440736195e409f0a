/** The Account Activity rows: written with the change they record, read newest first. */
import type { Knex } from 'knex';
import { BillingEntry, type BillingEntryType } from '../../models/BillingEntry.ts';
import type { ProviderId } from './paymentProvider.ts';

export interface NewBillingEntry {
  type: BillingEntryType;
  /** Who recorded it: a payment provider, or 'formscribe' for plan activity. */
  source: ProviderId | 'formscribe';
  description: string;
  /** Integer cents, never negative. */
  amountCents: number;
  status: string;
  currency?: string;
  invoiceUrl?: string | null;
  downloadUrl?: string | null;
  /** When set, recording the same event again (a retried webhook, a second confirm) keeps one row. */
  externalKey?: string | null;
}

/** Inserts the row in the caller's transaction; a row with the same externalKey already there wins. */
export async function recordBillingEntry(trx: Knex.Transaction, userId: number, entry: NewBillingEntry): Promise<void> {
  await BillingEntry.query(trx)
    .insert({
      userId,
      type: entry.type,
      source: entry.source,
      description: entry.description,
      amountCents: entry.amountCents,
      currency: entry.currency ?? 'usd',
      status: entry.status,
      invoiceUrl: entry.invoiceUrl ?? null,
      downloadUrl: entry.downloadUrl ?? null,
      externalKey: entry.externalKey ?? null,
    })
    .onConflict('externalKey')
    .ignore();
}

/** One account's rows, newest first (at most `limit`: the table shows recent activity). */
export async function listBillingHistory(userId: number, limit = 100): Promise<BillingEntry[]> {
  return await BillingEntry.query().where({ userId }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit);
}

/** Dollars as a billing row's description shows them: 1234 → "$12.34". */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
