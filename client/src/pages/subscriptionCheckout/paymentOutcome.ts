/** What a payment form reports back, whichever provider confirmed it. */
export type PaymentOutcome = { kind: 'succeeded' } | { kind: 'processing' } | { kind: 'failed'; message?: string };

const STATUS_PREFIX = /^\d{3}: ?([\s\S]*)$/;

/**
 * The refusal's own words: the test provider answers `{error, code}` (Stripe's shape) and the
 * rest of the API `{message}`; either is what the card holder should read.
 */
export function paymentErrorMessage(error: unknown): string | undefined {
  const body = error instanceof Error ? STATUS_PREFIX.exec(error.message)?.[1] : undefined;
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const words = 'error' in parsed ? parsed.error : 'message' in parsed ? parsed.message : undefined;
    return typeof words === 'string' ? words : undefined;
  } catch {
    return body.length <= 100 ? body : undefined;
  }
}
