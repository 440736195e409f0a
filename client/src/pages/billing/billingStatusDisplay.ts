/**
 * How a billing row's status reads and which colour it wears (spec section 4, "Billing status
 * display"): the provider's words become the ones an account holder expects.
 */

const STATUS_WORDS: Record<string, string> = {
  succeeded: 'Paid',
  issued: 'Credited',
  available: 'Available',
  completed: 'Done',
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

export function billingStatusLabel(status: string): string {
  const known = STATUS_WORDS[status.toLowerCase()];
  if (known) return known;
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function billingStatusTone(status: string): StatusTone {
  return STATUS_TONES[status.toLowerCase()] ?? 'neutral';
}
