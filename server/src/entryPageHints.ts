/**
 * What the entry page's HTML asks the browser to fetch at once. The page's first reads (the entry
 * read and, when the address names no image, the next image) would otherwise start only once the
 * startup scripts have downloaded and run; named in the HTML, they download alongside the scripts,
 * and the page's own fetch of the same URL takes the answer the browser already holds.
 *
 * Only URLs go into the page, never data, and only for a signed-in user whom the API itself would
 * let enter data on the form (the same policy as GET next-image): anyone else's HTML is the plain
 * shell. The page is still per user, so spaFallback marks it private.
 * The client works the same without the hints: its fetches simply go to the network.
 */
import type { AppContext } from './appTypes.ts';
import { HttpError } from './errors.ts';
import { loadFormForEntry } from './policies/index.ts';

/** The client route `/forms/$formId/entry` (not `entry-v1`); an id beyond PostgreSQL's integer names no form. */
const ENTRY_PAGE_PATH = /^\/forms\/([1-9]\d{0,9})\/entry$/;
const MAX_ID = 2_147_483_647;

/** The API URLs the entry page at this address reads first, for this user; none for anyone else. */
export async function entryPageReads(ctx: AppContext): Promise<string[]> {
  const user = ctx.state.user;
  const match = ENTRY_PAGE_PATH.exec(ctx.path);
  const formId = match ? Number(match[1]) : undefined;
  if (!user || formId === undefined || formId > MAX_ID) return [];
  try {
    await loadFormForEntry(ctx, user, formId);
  } catch (error) {
    // Not theirs to see, or closed to them: the page shows that itself, from its own reads.
    if (error instanceof HttpError) return [];
    throw error;
  }
  const entryRead = `/api/forms/${formId}/entry`;
  // With an image in the address the page shows that one and never asks for the next.
  return 'imageId' in ctx.query ? [entryRead] : [entryRead, `/api/forms/${formId}/next-image`];
}

/**
 * `as="fetch"` with `crossorigin="anonymous"` is what the client's fetch() of a same-origin URL
 * with `credentials: 'same-origin'` matches (as index.html's /api/user preload): any other mode
 * and the browser would fetch twice. The URLs are built from digits only, so nothing needs escaping.
 */
export function preloadTags(urls: string[]): string {
  return urls.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" />`).join('');
}
