/**
 * A session that ends in the middle of work (expired, or signed out elsewhere) makes the next
 * request answer 401. Instead of each screen's own 'Failed to ...' message, every query and
 * mutation error passes through here: the user becomes signed out, so the guarded page they are
 * on remembers itself (path and query, under redirectAfterAuth) and sends them to sign in, which
 * brings them back to it. What they had typed is kept by the page itself (the entry form keeps a
 * draft), since a page cannot survive the trip to /auth.
 */
import { errorStatusCode } from '@formscribe/common/errorMessages';
import type { QueryClient } from '@tanstack/react-query';
import { currentTranslator } from '../i18n/localeStore.ts';
import { showToast, type ToastOptions } from '../stores/toastStore.ts';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';

/** Worded when raised, in the language in use then. */
export function sessionExpiredToast(): ToastOptions {
  const { t } = currentTranslator();
  return { title: t('app.sessionExpired.title'), description: t('app.sessionExpired.description') };
}

/** True for the 401 of someone who was signed in: the session ended under them. */
export function isSessionExpiry(queryClient: QueryClient, error: unknown): boolean {
  // Signing in with a wrong password is a 401 too, but nobody was signed in then.
  return errorStatusCode(error) === 401 && Boolean(queryClient.getQueryData(CURRENT_USER_QUERY_KEY));
}

/** Signs the tab out locally and says why; the guard of the page on screen does the rest. */
export function handleSessionExpiry(queryClient: QueryClient, error: unknown): void {
  if (!isSessionExpiry(queryClient, error)) return;
  showToast(sessionExpiredToast());
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
}
