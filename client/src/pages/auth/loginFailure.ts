import { errorStatusCode, rawErrorMessage } from '@formscribe/common/errorMessages';

/** Wordings of a rejected sign-in (spec section 2), whatever the server or a proxy says exactly. */
const UNKNOWN_ACCOUNT_WORDING = /invalid|incorrect|not found|unauthorized|authentication failed|login failed/i;

/**
 * Whether a failed sign-in should offer to create an account. The server answers the same
 * for an unknown e-mail and a wrong password (no account probing), so any rejection counts.
 */
export function loginFailureSuggestsNewAccount(error: unknown): boolean {
  return errorStatusCode(error) === 401 || UNKNOWN_ACCOUNT_WORDING.test(rawErrorMessage(error));
}
