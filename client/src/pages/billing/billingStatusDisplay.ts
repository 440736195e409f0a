/**
 * How a billing row's status reads and which colour it wears (spec section 4, "Billing status
 * display"): the provider's words become the ones an account holder expects, in their language.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import type { MessageKey } from '../../i18n/messageKeys.ts';

const STATUS_WORDS: Record<string, MessageKey> = {
  succeeded: 'account.billing.status.paid',
  issued: 'account.billing.status.credited',
  available: 'account.billing.status.available',
  completed: 'account.billing.status.done',
  paid: 'account.billing.status.paid',
  pending: 'account.billing.status.pending',
  open: 'account.billing.status.open',
  failed: 'account.billing.status.failed',
  credited: 'account.billing.status.credited',
};

export type StatusTone = 'paid' | 'pending' | 'failed' | 'credited' | 'neutral';

const STATUS_TONES: Record<string, StatusTone> = {
  paid: 'paid',
  succeeded: 'paid',
  pending: 'pending',
  open: 'pending',
  failed: 'failed',
  credited: 'credited',
  issued: 'credited',
};

/** A status the table knows reads in the reader's language; another provider word is shown capitalised. */
export function billingStatusLabel(status: string, { t }: Pick<Translator<MessageKey>, 't'>): string {
  const known = STATUS_WORDS[status.toLowerCase()];
  if (known) return t(known);
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function billingStatusTone(status: string): StatusTone {
  return STATUS_TONES[status.toLowerCase()] ?? 'neutral';
}
