/**
 * What a page's HTML asks the browser to fetch at once: the first reads of the entry page (the
 * entry read and, when the address names no image, the next image, with that image's display copy)
 * and its code, of the owner page
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
 *
 * The scan is the entry page's largest element, and its URL is known only once the next image is
 * chosen; named in the HTML, it downloads with the scripts instead of after them (B13). The page
 * chooses that image here, as its own next-image read will (leaseNextImage: the lease taken here
 * hands the read the same image), and names its display copy at each width under the media query
 * the client chooses by (common/src/entryDisplayCopies.ts), for the zoom the client remembers.
 * The entry page's form also says which language the page is in when the owner set one (pageLocale.ts).
 */
import { entryApi } from '@formscribe/common/api/entry';
import { formsApi } from '@formscribe/common/api/forms';
import { urlOf } from '@formscribe/common/api/routeContract';
import { DISPLAY_WIDTHS } from '@formscribe/common/displayCopies';
import {
  displayCopyMediaQueries,
  displayCopyUrl,
  ZOOM_COOKIE,
  zoomFromCookie,
} from '@formscribe/common/entryDisplayCopies';
import type { Locale } from '@formscribe/common/i18n/locales';
import { MAX_ROW_ID } from '@formscribe/common/schemas/common';
import type { AppContext } from './appTypes.ts';
import { routeModuleFiles } from './clientManifest.ts';
import { HttpError } from './errors.ts';
import { escapeHtml } from './htmlEscape.ts';
import type { Form, User } from './models/index.ts';
import { loadFormForEntry, loadViewableForm } from './policies/index.ts';
import { presentImage } from './presenters/presentImage.ts';
import { leaseNextImage } from './services/entry/nextImage.ts';

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
  /** The display copies of the scan the page opens on, each under the media query that picks it. */
  images?: { url: string; media: string }[];
  /** The entry page's form's language, when its owner set one. */
  formLanguage?: Locale | undefined;
}

const NO_HINTS: PageHints = { reads: [], modules: [] };

/** The entry route's module, as client/src/router.tsx imports it lazily. */
const ENTRY_PAGE_MODULE = 'src/pages/entry/EntryPage.tsx';
/** The owner page's: the signed-in pages' layout (its parent route) and the page itself. */
const OWNER_PAGE_MODULES = ['src/components/appLayout/SignedInLayout.tsx', 'src/pages/formOwner/FormOwnerPage.tsx'];

/** The code files of `sources` and what they import, each once, less the startup scripts. */
async function pageModuleFiles(distDir: string, sources: readonly string[]): Promise<string[]> {
  const files = await Promise.all(sources.map((source) => routeModuleFiles(distDir, source)));
  return [...new Set(files.flat())];
}

/** What the page at this address fetches first, for this user; nothing for anyone else. */
async function firstPageHints(ctx: AppContext, distDir: string): Promise<PageHints> {
  const user = ctx.state.user;
  if (!user) return NO_HINTS;
  if (ctx.path === '/') return { reads: [urlOf(formsApi.listForms.path)], modules: [] };
  const entryForm = formIdIn(ENTRY_PAGE_PATH, ctx.path);
  if (entryForm !== undefined) return entryPageHints(ctx, user, entryForm, distDir);
  const ownerForm = formIdIn(OWNER_PAGE_PATH, ctx.path);
  if (ownerForm !== undefined && (await permitted(() => loadViewableForm(ctx, user, ownerForm))))
    return {
      reads: [urlOf(formsApi.listForms.path), urlOf(formsApi.getForm.path, { id: ownerForm })],
      modules: await pageModuleFiles(distDir, OWNER_PAGE_MODULES),
    };
  return NO_HINTS;
}

/**
 * The entry and owner pages also name their code: their LCP (the scan, the form's name) is shown
 * only once that code has run, and unnamed it would start downloading only after the startup
 * scripts had run (B13's simulation shows that chain: about half a second on the owner page).
 * The dashboard's code is among the startup scripts already.
 */
async function entryPageHints(ctx: AppContext, user: User, formId: number, distDir: string): Promise<PageHints> {
  const form = await permitted(() => loadFormForEntry(ctx, user, formId));
  if (!form) return NO_HINTS;
  const shared = {
    modules: await routeModuleFiles(distDir, ENTRY_PAGE_MODULE),
    formLanguage: form.language ?? undefined,
  };
  const entryRead = urlOf(entryApi.getEntry.path, { id: formId });
  // With an image in the address the page shows that one and never asks for the next.
  if ('imageId' in ctx.query) return { ...shared, reads: [entryRead] };
  return {
    ...shared,
    reads: [entryRead, urlOf(entryApi.nextImage.path, { id: formId })],
    images: await nextImageCopies(ctx, user, form),
  };
}

/** The display copies of the image the contributor's next-image read will hand them, if any is left. */
async function nextImageCopies(ctx: AppContext, user: User, form: Form): Promise<PageHints['images']> {
  const { image } = await leaseNextImage(form, user);
  if (!image) return [];
  // As the next-image read presents it to a contributor.
  const { publicUrl } = presentImage(image, undefined, 'contributor');
  const queries = displayCopyMediaQueries(zoomFromCookie(ctx.cookies.get(ZOOM_COOKIE)));
  return DISPLAY_WIDTHS.map((width) => ({ url: displayCopyUrl(publicUrl, width), media: queries[width] }));
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
 * browser would fetch twice. The reads' URLs are digits and build file names; an image's names a
 * stored file, escaped as any attribute (the media queries are the app's own text).
 */
export async function pageHintTags(ctx: AppContext, distDir: string): Promise<PageHintTags> {
  const { reads, modules, formLanguage, images = [] } = await firstPageHints(ctx, distDir);
  const tags = [
    ...reads.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" />`),
    // As the viewer's <img>: no crossorigin, and high priority (it is the page's largest element).
    ...images.map(
      ({ url, media }) =>
        `<link rel="preload" href="${escapeHtml(url)}" as="image" media="${media}" fetchpriority="high" />`,
    ),
    ...modules.map((url) => `<link rel="modulepreload" crossorigin href="${url}" />`),
  ].join('');
  return { tags, formLanguage };
}
