/**
 * Turning failed API calls into words a person can act on (spec section 8).
 *
 * Every non-success response raises an Error whose message is "{status}: {body text}"
 * (the status text when the body is empty). Error bodies are JSON `{message, ...flags}`,
 * so the helpers here read the status and the server's `message` back out of that text.
 */
import { type ErrorResponse, errorResponseSchema } from './schemas/common.ts';

/** Longer messages are assumed to be stack traces or HTML, not something to show (spec section 9). */
export const ERROR_TEXT_CUTOFF = 100;

export const ERROR_MESSAGES = {
  unexpected: 'An unexpected error occurred. Please try again.',
  tooLong: 'Something went wrong. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  authentication: 'Authentication failed. Please log in again.',
  permission: "You don't have permission to perform this action.",
  server: 'Server error. Please try again later.',
} as const;

export const CONTEXT_ERROR_MESSAGES = {
  payment: 'Payment processing failed. Please try again or contact support.',
  subscription: 'Subscription update failed. Please try again or contact support.',
  form: 'Form creation failed. Please try again.',
  upload: 'File upload failed. Please try again.',
  email: 'Email sending failed. Please try again later.',
} as const;

export type ErrorContext = keyof typeof CONTEXT_ERROR_MESSAGES;

const STATUS_PREFIX = /^(\d{3}): ?([\s\S]*)$/;

/** The raw message of anything thrown: an Error, a string, or an object carrying `message`. */
export function rawErrorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return '';
}

/** The HTTP status of an API error ("409: ..." gives 409), or null for anything else (e.g. a network failure). */
export function errorStatusCode(error: unknown): number | null {
  const match = STATUS_PREFIX.exec(rawErrorMessage(error));
  return match?.[1] ? Number(match[1]) : null;
}

/** The parsed JSON error body of an API error (`message` plus flags such as `upgrade`), or null. */
export function errorResponseBody(error: unknown): ErrorResponse | null {
  const bodyText = STATUS_PREFIX.exec(rawErrorMessage(error))?.[2];
  if (!bodyText) return null;
  try {
    const parsed = errorResponseSchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * What the server said: its JSON `message`, else the plain body (or status text) after the
 * status code, else the error's own message. Empty string when there is nothing at all.
 */
export function extractServerMessage(error: unknown): string {
  const raw = rawErrorMessage(error);
  const match = STATUS_PREFIX.exec(raw);
  if (!match) return raw.trim();
  return errorResponseBody(error)?.message ?? (match[2] ?? '').trim();
}

/**
 * The spec's normalisation table, checked in its order: network, 401, 403, validation
 * (keeps the server's own words), 5xx, then the caller's context, then a length cut-off.
 * Keywords are matched case-insensitively against the whole error text, status and body.
 */
export function normalizeErrorMessage(error: unknown, context?: ErrorContext): string {
  const raw = rawErrorMessage(error);
  const serverMessage = extractServerMessage(error);
  if (!serverMessage) return ERROR_MESSAGES.unexpected;

  const text = raw.toLowerCase();
  const status = errorStatusCode(error);
  if (/network|fetch|connection/.test(text)) return ERROR_MESSAGES.network;
  if (status === 401 || (status === null && text.includes('401'))) return ERROR_MESSAGES.authentication;
  if (status === 403 || (status === null && text.includes('403'))) return ERROR_MESSAGES.permission;
  if (/validation|invalid|required/.test(text)) return serverMessage;
  const isServerStatus = status === null ? text.includes('500') : status >= 500;
  if (isServerStatus || text.includes('server')) return ERROR_MESSAGES.server;
  if (context) return CONTEXT_ERROR_MESSAGES[context];
  return serverMessage.length > ERROR_TEXT_CUTOFF ? ERROR_MESSAGES.tooLong : serverMessage;
}
