/**
 * What the entry page's HTML asks the browser to fetch at once. The page's first reads (the entry
 * read and, when the address names no image, the next image) and its code would otherwise start
 * only once the startup scripts have downloaded and run; named in the HTML, they download
 * alongside the scripts, and the page's own fetch or import of the same URL takes what the
 * browser already holds.
 *
 * Only URLs go into the page, never data, and only for a signed-in user whom the API itself would
 * let enter data on the form (the same policy as GET next-image): anyone else's HTML is the plain
 * shell. The page is still per user, so spaFallback marks it private.
 * The client works the same without the hints: its fetches simply go to the network.
 */
import type { AppContext } from './appTypes.ts';
import { routeModuleFiles } from './clientManifest.ts';
import { HttpError } from './errors.ts';
import { loadFormForEntry } from './policies/index.ts';

/** The client route `/forms/$formId/entry` (not `entry-v1`); an id beyond PostgreSQL's integer names no form. */
const ENTRY_PAGE_PATH = /^\/forms\/([1-9]\d{0,9})\/entry$/;
const MAX_ID = 2_147_483_647;

/** The API URLs the entry page at this address reads first, for this user; none for anyone else. */
async function entryPageReads(ctx: AppContext): Promise<string[]> {
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

/** The entry route's module, as client/src/router.tsx imports it lazily. */
export const ENTRY_PAGE_MODULE = 'src/pages/entry/EntryPage.tsx';

/**
 * The tags that go into the entry page's head for this request: none for anyone the API would
 * refuse. `as="fetch"` with `crossorigin="anonymous"` is what the client's fetch() of a
 * same-origin URL with `credentials: 'same-origin'` matches (as index.html's /api/user preload),
 * and `crossorigin` on a module preload is what a dynamic import() matches: any other mode and the
 * browser would fetch twice. The URLs are digits and build file names, so nothing needs escaping.
 */
export async function entryPageHints(ctx: AppContext, distDir: string): Promise<string> {
  const reads = await entryPageReads(ctx);
  if (reads.length === 0) return '';
  const modules = await routeModuleFiles(distDir, ENTRY_PAGE_MODULE);
  return [
    ...reads.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" />`),
    ...modules.map((url) => `<link rel="modulepreload" crossorigin href="${url}" />`),
  ].join('');
}
