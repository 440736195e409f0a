/**
 * What a contributor has typed for one image, kept in this tab's sessionStorage until it is sent.
 * A session that ends mid-entry sends them to sign in and back (api/sessionExpiry.ts); the page is
 * gone meanwhile, and this is how the values come back. Keyed by user too, so the next person to
 * sign in on this tab never sees someone else's typing. Storage that fails only loses the draft.
 */
import type { EntryValues } from './entryValues.ts';

export const entryDraftKey = (userId: number, formId: number, imageId: number) =>
  `entryDraft:${userId}:${formId}:${imageId}`;

export function readEntryDraft(key: string): EntryValues | null {
  try {
    const stored = window.sessionStorage.getItem(key);
    if (!stored) return null;
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const entries = Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return Object.fromEntries(entries);
  } catch {
    return null;
  }
}

export function saveEntryDraft(key: string, values: EntryValues): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // No storage: the draft lives as long as the page.
  }
}

export function clearEntryDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}
