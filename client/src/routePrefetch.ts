/**
 * What route loaders start while a page's code is still downloading, so the page finds its first
 * reads already answered (or under way) instead of asking only once it has rendered. No read is
 * awaited by the router (only "/" waits, for who is signed in and the dashboard's code): a page
 * never waits for a prefetch, and a failed one is simply asked again by the page, which then shows
 * the error as usual. Reads that need a session wait for the current user, so a signed-out
 * visitor sends none of them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from './api/currentUser.ts';
import { entryQueryOptions, nextImageQueryOptions } from './api/entryReads.ts';
import { formQueryOptions, formsQueryOptions } from './api/forms.ts';
import { entryDisplayUrl } from './pages/entry/entryDisplayCopy.ts';
import { loadSignedInHome } from './pages/home/loadSignedInHome.ts';

function whenSignedIn(queryClient: QueryClient, then: () => void): void {
  queryClient
    .ensureQueryData(currentUserQueryOptions)
    .then((user) => {
      if (user) then();
    })
    // The page asks for the user itself and shows what went wrong.
    .catch(() => {});
}

/** Every page needs to know who is signed in. */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQueryOptions);
}

/**
 * "/": the dashboard's code and its list of forms, for a signed-in user only. The route waits for
 * the code (not the list), so the page renders the dashboard without a Suspense fallback.
 */
export async function prefetchHome(queryClient: QueryClient): Promise<void> {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions).catch(() => null);
  if (!user) return;
  void queryClient.prefetchQuery(formsQueryOptions);
  await loadSignedInHome().catch(() => {});
}

/** The owner page: the form, and the forms list its header reads the overall progress from. */
export function prefetchFormOwner(queryClient: QueryClient, formId: number | null): void {
  if (formId === null) return;
  whenSignedIn(queryClient, () => {
    void queryClient.prefetchQuery(formQueryOptions(formId));
    void queryClient.prefetchQuery(formsQueryOptions);
  });
}

/**
 * The entry page: its entry read and, when the address names no image, the next image; that
 * image's display-size copy is then preloaded, so it downloads alongside the page's code rather
 * than after it.
 */
export function prefetchEntry(queryClient: QueryClient, formId: number | null, imageId: number | undefined): void {
  if (formId === null) return;
  whenSignedIn(queryClient, () => {
    void queryClient.prefetchQuery(entryQueryOptions(formId));
    if (imageId !== undefined) return;
    void queryClient.fetchQuery(nextImageQueryOptions(formId)).then(
      (answer) => {
        if (answer.status === 'image') preloadImage(entryDisplayUrl(answer.image.publicUrl));
      },
      () => {},
    );
  });
}

const preloaded = new Set<string>();

function preloadImage(url: string): void {
  if (preloaded.has(url)) return;
  preloaded.add(url);
  // The page's HTML names the scan it opens on (server/src/pageReadHints.ts): already on its way.
  const named = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
  if ([...named].some((link) => link.getAttribute('href') === url)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = url;
  document.head.append(link);
}
