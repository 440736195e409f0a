/**
 * What a page's HTML asks the browser to fetch at once: the first reads of the entry page (the
 * entry read and, when the address names no image, the next image) and its code, of the owner page
 * (the form and the forms list its header shows) and of the signed-in dashboard (the forms list).
 * They would otherwise start only once the startup scripts and the page's code have downloaded
 * and run; named in the HTML, they download alongside the scripts, and the page's own fetch or
 * import of the same URL takes what the browser already holds.
 *
 * Only URLs go into the page, never data, and only for a signed-in user whom the API itself would
 * answer (the same policy as the read it names: next-image's for the entry page, the form read's
 * for the owner page; a user's own forms list needs none): anyone else's HTML is the plain shell.
 * The page is still per user, so spaFallback marks it private.
 * The client works the same without the hints: its fetches simply go to the network.
 * The entry page's form also says which language the page is in when the owner set one (pageLocale.ts).
 */
import { entryApi } from '@formscribe/common/api/entry';
import { formsApi } from '@formscribe/common/api/forms';
import { urlOf } from '@formscribe/common/api/routeContract';
import type { Locale } from '@formscribe/common/i18n/locales';
import { MAX_ROW_ID } from '@formscribe/common/schemas/common';
import type { AppContext } from './appTypes.ts';
import { routeModuleFiles } from './clientManifest.ts';
import { HttpError } from './errors.ts';
import type { User } from './models/index.ts';
import { loadFormForEntry, loadViewableForm } from './policies/index.ts';

/** The client routes `/forms/$formId/entry` (not `entry-v1`) and `/forms/$formId` (any tab). */
export const ENTRY_PAGE_PATH = /^\/forms\/([1-9]\d{0,9})\/entry$/;
export const OWNER_PAGE_PATH = /^\/forms\/([1-9]\d{0,9})$/;

const formIdIn = (pattern: RegExp, pathname: string) => {
  const match = pattern.exec(pathname);
  const formId = match ? Number(match[1]) : undefined;
  return formId !== undefined && formId <= MAX_ROW_ID ? formId : undefined;
};

/** What `policy` lets the user at; its refusal (404, 403…) means undefined: no hints. */
async function permitted<T>(policy: () => Promise<T>): Promise<T | undefined> {
  try {
    return await policy();
  } catch (error) {
    // Not theirs to see, or closed to them: the page shows that itself, from its own reads.
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

/** What the page at this address fetches first: API reads and code files (URLs). */
interface PageHints {
  reads: string[];
  modules: string[];
  /** The entry page's form's language, when its owner set one. */
  formLanguage?: Locale | undefined;
}

const NO_HINTS: PageHints = { reads: [], modules: [] };

/** The entry route's module, as client/src/router.tsx imports it lazily. */
const ENTRY_PAGE_MODULE = 'src/pages/entry/EntryPage.tsx';

/** What the page at this address fetches first, for this user; nothing for anyone else. */
async function firstPageHints(ctx: AppContext, distDir: string): Promise<PageHints> {
  const user = ctx.state.user;
  if (!user) return NO_HINTS;
  if (ctx.path === '/') return { reads: [urlOf(formsApi.listForms.path)], modules: [] };
  const entryForm = formIdIn(ENTRY_PAGE_PATH, ctx.path);
  if (entryForm !== undefined) return entryPageHints(ctx, user, entryForm, distDir);
  const ownerForm = formIdIn(OWNER_PAGE_PATH, ctx.path);
  if (ownerForm !== undefined && (await permitted(() => loadViewableForm(ctx, user, ownerForm))))
    return { reads: [urlOf(formsApi.listForms.path), urlOf(formsApi.getForm.path, { id: ownerForm })], modules: [] };
  return NO_HINTS;
}

/**
 * The entry page also names its code: its LCP is the scan, which the viewer shows only once that
 * code has run. Elsewhere code would share the link with the startup scripts for no gain.
 */
async function entryPageHints(ctx: AppContext, user: User, formId: number, distDir: string): Promise<PageHints> {
  const form = await permitted(() => loadFormForEntry(ctx, user, formId));
  if (!form) return NO_HINTS;
  const entryRead = urlOf(entryApi.getEntry.path, { id: formId });
  // With an image in the address the page shows that one and never asks for the next.
  const reads = 'imageId' in ctx.query ? [entryRead] : [entryRead, urlOf(entryApi.nextImage.path, { id: formId })];
  return {
    reads,
    modules: await routeModuleFiles(distDir, ENTRY_PAGE_MODULE),
    formLanguage: form.language ?? undefined,
  };
}

/** The tags for the page's head ('' for the plain page), and the entry page's form's language. */
export interface PageHintTags {
  tags: string;
  formLanguage: Locale | undefined;
}

/**
 * The tags that go into the page's head for this request, or '' (the plain page).
 * `as="fetch"` with `crossorigin="anonymous"` is what the client's fetch() of a same-origin URL
 * with `credentials: 'same-origin'` matches (as index.html's /api/user preload), and
 * `crossorigin` on a module preload is what a dynamic import() matches: any other mode and the
 * browser would fetch twice. The URLs are digits and build file names, so nothing needs escaping.
 */
export async function pageHintTags(ctx: AppContext, distDir: string): Promise<PageHintTags> {
  const { reads, modules, formLanguage } = await firstPageHints(ctx, distDir);
  const tags = [
    ...reads.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" />`),
    ...modules.map((url) => `<link rel="modulepreload" crossorigin href="${url}" />`),
  ].join('');
  return { tags, formLanguage };
}
