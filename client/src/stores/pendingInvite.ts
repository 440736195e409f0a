/**
 * The invitation a signed-out visitor chose to accept ('Accept Invitation & Sign In'), kept in
 * this browser's storage until they have signed in or signed up. Only a click on our own invite
 * page writes it, so a link crafted elsewhere can show the invite card but never accept it: the
 * landing accepts on its own only when the token it opens is the one remembered here.
 */
import { readStorage, removeStorage, writeStorage } from './browserStorage.ts';

export const PENDING_INVITE_STORAGE_KEY = 'pendingInviteAcceptance';

/** Long enough to sign up or reset a forgotten password; short enough that a forgotten click goes stale. */
export const PENDING_INVITE_TTL_MS = 60 * 60 * 1000;

interface PendingInvite {
  token: string;
  savedAt: number;
}

function readPendingInvite(): PendingInvite | null {
  const stored = readStorage(PENDING_INVITE_STORAGE_KEY);
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { token, savedAt } = parsed as Record<string, unknown>;
    return typeof token === 'string' && typeof savedAt === 'number' ? { token, savedAt } : null;
  } catch {
    return null;
  }
}

export function rememberPendingInvite(token: string): void {
  writeStorage(PENDING_INVITE_STORAGE_KEY, JSON.stringify({ token, savedAt: Date.now() } satisfies PendingInvite));
}

/** Whether the visitor asked, within the last hour, to accept the invitation `token`. Only reads. */
export function hasPendingInvite(token: string): boolean {
  const pending = readPendingInvite();
  return pending !== null && pending.token === token && Date.now() - pending.savedAt < PENDING_INVITE_TTL_MS;
}

/** Forgets the remembered acceptance: it is acted on once, or found unnecessary. */
export function clearPendingInvite(): void {
  removeStorage(PENDING_INVITE_STORAGE_KEY);
}
