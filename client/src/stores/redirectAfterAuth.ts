/**
 * Where to send someone after they sign in: a guarded page (or an invite) stores its path and
 * query under `redirectAfterAuth` before sending the visitor to /auth (spec section 2).
 */
import { readStorage, removeStorage, writeStorage } from './browserStorage.ts';

export const REDIRECT_AFTER_AUTH_STORAGE_KEY = 'redirectAfterAuth';

/**
 * Only same-app paths are followed: "//evil.example" or "https://..." in storage (written by
 * anything on this origin) must not turn sign-in into an open redirect.
 */
export function isSafeAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function saveRedirectAfterAuth(pathWithQuery: string): void {
  if (isSafeAppPath(pathWithQuery)) writeStorage(REDIRECT_AFTER_AUTH_STORAGE_KEY, pathWithQuery);
}

/** The stored destination, removed as it is read (it is used once); '/' when there is none. */
export function takeRedirectAfterAuth(): string {
  const stored = readStorage(REDIRECT_AFTER_AUTH_STORAGE_KEY);
  removeStorage(REDIRECT_AFTER_AUTH_STORAGE_KEY);
  return stored && isSafeAppPath(stored) ? stored : '/';
}

export function clearRedirectAfterAuth(): void {
  removeStorage(REDIRECT_AFTER_AUTH_STORAGE_KEY);
}
