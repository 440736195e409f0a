/**
 * Every server event, written into the TanStack Query cache where the screens read it. This
 * replaces polling: a screen shows the new figures the moment the server publishes them.
 */
import type { FormListItem, FormResponse, ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import type { EntryResponse, VoteStatusResponse } from '@formscribe/common/schemas/submission';
import type { UserResponse } from '@formscribe/common/schemas/user';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { consolidatedQueryKey } from '../api/consolidated.ts';
import { CURRENT_USER_QUERY_KEY } from '../api/currentUser.ts';
import { contributorsQueryKey, entryQueryKey, voteStatusQueryKey } from '../api/entry.ts';
import { noteFormNews, noteNewsOfEveryForm } from '../api/formNews.ts';
import {
  formUsersQueryKey,
  leaderboardQueryKey,
  RECENTLY_COMPLETED_QUERY_KEY,
  recentImagesQueryKey,
  recentSubmissionsQueryKey,
  recentUsersQueryKey,
  submissionTotalQueryKey,
  userCountQueryKey,
  verificationStatsQueryKey,
} from '../api/formStats.ts';
import { FORMS_QUERY_KEY, formQueryKey } from '../api/forms.ts';
import { formImagesQueryKey, imageQueryKey } from '../api/images.ts';
import { writeImportEvent } from '../api/imports.ts';
import { formSubmissionsQueryKey } from '../api/submissions.ts';
import {
  withEntrySettings,
  withFormProgress,
  withFormSettings,
  withFormSettingsInList,
  withImageInPage,
  withVerifiedFields,
  withVoteCount,
} from './cacheUpdates.ts';
import type { LiveSocket, WatchTarget } from './liveSocket.ts';
import { writeLiveValue } from './liveWrite.ts';
import { usePresenceStore } from './presenceStore.ts';

/** The first part of every single-image query key (`imageQueryKey`). */
const IMAGES_QUERY_ROOT = imageQueryKey(0).slice(0, 1);

/** The form's verification stats (the owner's Dashboard tab). */
export { verificationStatsQueryKey };

/**
 * Reads the server pages, sorts or aggregates, which an event cannot patch in place: they are
 * asked again (only those on screen refetch at once; the rest on their next use).
 */
const STALE_AFTER: Record<'form:submission' | 'form:stats', (formId: number) => QueryKey[]> = {
  'form:submission': (formId) => [
    formSubmissionsQueryKey(formId),
    submissionTotalQueryKey(formId),
    leaderboardQueryKey(formId),
    recentSubmissionsQueryKey(formId),
    recentUsersQueryKey(formId),
    formUsersQueryKey(formId),
    userCountQueryKey(formId),
  ],
  'form:stats': (formId) => [consolidatedQueryKey(formId), recentImagesQueryKey(formId), RECENTLY_COMPLETED_QUERY_KEY],
};

/**
 * An import adds hundreds of images, an event each: the form's image pages are read again at
 * once for the first, then at most once per this interval (the last one always read).
 */
export const IMAGE_ADDED_REFETCH_MS = 2_000;

function throttledPerForm(run: (formId: number) => void, intervalMs: number): (formId: number) => void {
  const quietUntil = new Map<number, number>();
  const pending = new Set<number>();
  return (formId) => {
    const now = Date.now();
    if ((quietUntil.get(formId) ?? 0) <= now) {
      quietUntil.set(formId, now + intervalMs);
      run(formId);
      return;
    }
    if (pending.has(formId)) return;
    pending.add(formId);
    setTimeout(
      () => {
        pending.delete(formId);
        quietUntil.set(formId, Date.now() + intervalMs);
        run(formId);
      },
      (quietUntil.get(formId) ?? now) - now,
    );
  };
}

function invalidateEach(queryClient: QueryClient, queryKeys: QueryKey[]): void {
  for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
}

/** The form an event is about, if any (most events carry `formId`). */
function formOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('formId' in payload)) return undefined;
  return typeof payload.formId === 'number' ? payload.formId : undefined;
}

export function bindEventsToCache(socket: LiveSocket, queryClient: QueryClient): void {
  // Counted before the event's own handler runs, so the reads it starts know of it (formNews.ts).
  socket.onAny((_event: string, payload: unknown) => {
    const formId = formOf(payload);
    if (formId !== undefined) noteFormNews(formId);
  });
  const imageProgressed = (formId: number, image: ImageResponse) => {
    queryClient.setQueryData<ImageResponse>(imageQueryKey(image.id), image);
    queryClient.setQueriesData<ImagesPageResponse>({ queryKey: formImagesQueryKey(formId) }, (page) =>
      withImageInPage(page, image),
    );
  };
  socket.on('image:progress', ({ formId, image }) => imageProgressed(formId, image));
  // Owners: the images of the form that changed since the last such event.
  socket.on('form:images-progress', ({ formId, images }) => {
    for (const image of images) imageProgressed(formId, image);
  });
  socket.on('image:verified-fields', (event) => {
    queryClient.setQueryData<ImageResponse>(imageQueryKey(event.imageId), (image) => withVerifiedFields(image, event));
  });
  socket.on('image:votes', (event) => {
    queryClient.setQueryData<VoteStatusResponse>(voteStatusQueryKey(event.imageId, event.kind), (status) =>
      withVoteCount(status, event),
    );
  });
  socket.on('image:contributors', ({ imageId, contributors }) => {
    queryClient.setQueryData(contributorsQueryKey(imageId), contributors);
  });
  socket.on('image:presence', ({ imageId, viewers }) => usePresenceStore.getState().setViewers(imageId, viewers));
  socket.on('image:removed', ({ formId, imageId }) => {
    queryClient.removeQueries({ queryKey: imageQueryKey(imageId) });
    void queryClient.invalidateQueries({ queryKey: formImagesQueryKey(formId) });
  });
  const imagesAdded = throttledPerForm(
    (formId) => void queryClient.invalidateQueries({ queryKey: formImagesQueryKey(formId) }),
    IMAGE_ADDED_REFETCH_MS,
  );
  socket.on('form:image-added', ({ formId }) => imagesAdded(formId));
  socket.on('form:import', (event) => writeImportEvent(queryClient, event));
  socket.on('form:progress', (event) => {
    queryClient.setQueryData<FormListItem[]>(FORMS_QUERY_KEY, (list) => withFormProgress(list, event));
  });
  socket.on('form:stats', ({ formId, stats }) => {
    writeLiveValue(queryClient, verificationStatsQueryKey(formId), stats);
    invalidateEach(queryClient, STALE_AFTER['form:stats'](formId));
  });
  socket.on('form:recomputed', ({ formId }) => {
    // Many images changed at once: the pages listing them, and any of them on screen, are read again.
    void queryClient.invalidateQueries({ queryKey: formImagesQueryKey(formId) });
    void queryClient.invalidateQueries({
      queryKey: IMAGES_QUERY_ROOT,
      predicate: (query) => (query.state.data as Partial<ImageResponse> | undefined)?.formId === formId,
    });
  });
  socket.on('form:settings', (event) => {
    queryClient.setQueryData<FormResponse>(formQueryKey(event.formId), (form) => withFormSettings(form, event));
    queryClient.setQueryData<FormListItem[]>(FORMS_QUERY_KEY, (list) => withFormSettingsInList(list, event));
    queryClient.setQueryData<EntryResponse>(entryQueryKey(event.formId), (entry) => withEntrySettings(entry, event));
  });
  socket.on('form:submission', ({ formId }) => {
    // Lists of submissions and recent activity are paged and sorted on the server: ask again.
    invalidateEach(queryClient, STALE_AFTER['form:submission'](formId));
  });
  socket.on('form:removed', ({ formId }) => {
    void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: formQueryKey(formId) });
  });
  socket.on('form:access-lost', ({ formId }) => {
    // Blocked: the form goes from the dashboard at once, and its pages read it again (and say why).
    queryClient.setQueryData<FormListItem[]>(FORMS_QUERY_KEY, (list) => list?.filter((form) => form.id !== formId));
    void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: formQueryKey(formId) });
    void queryClient.invalidateQueries({ queryKey: entryQueryKey(formId) });
  });
  socket.on('user:updated', ({ user }) => {
    queryClient.setQueryData<UserResponse | null>(CURRENT_USER_QUERY_KEY, user);
  });
}

/**
 * After a reconnect, or once new watches are joined, what is watched is read again: a missed
 * event costs one refetch. The user is read again only after a reconnect (their own events go
 * to their own room, joined with the connection).
 */
export function refetchWatched(queryClient: QueryClient, targets: WatchTarget[], reconnected: boolean): void {
  if (reconnected) noteNewsOfEveryForm();
  for (const target of targets) if (target.kind === 'form') noteFormNews(target.id);
  if (reconnected) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  if (reconnected || targets.some((target) => target.kind === 'form'))
    void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
  for (const target of targets) {
    void queryClient.invalidateQueries({
      queryKey: target.kind === 'form' ? formQueryKey(target.id) : imageQueryKey(target.id),
    });
  }
}
