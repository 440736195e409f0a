/**
 * Data entry: the entry read, the next image, submissions, votes, contributors and the
 * data-entry tutorial. Query keys follow the URL, so ['/api/images', 5, 'contributors'] reads
 * /api/images/5/contributors, and invalidating imageQueryKey(5) refreshes all of an image's reads.
 */
import { accountApi } from '@formscribe/common/api/account';
import { entryApi } from '@formscribe/common/api/entry';
import { submissionsApi } from '@formscribe/common/api/submissions';
import { VOTE_ROUTES, votesApi } from '@formscribe/common/api/votes';
import { extractServerMessage } from '@formscribe/common/errorMessages';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { ALL_IMAGES_IN_PROGRESS, type NextImageResponse } from '@formscribe/common/schemas/submission';
import type { VoteKind } from '@formscribe/common/votes';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './apiClient.ts';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';
import { FORMS_QUERY_KEY } from './forms.ts';
import { formImagesQueryKey, imageQueryKey } from './images.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(entryApi, votesApi, submissionsApi, accountApi);

export const entryQueryKey = (formId: number) => ['/api/forms', formId, 'entry'] as const;

export const entryQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: entryQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/entry', { params: { id: formId } }),
  });

export function useEntry(formId: number) {
  return useQuery(entryQueryOptions(formId));
}

/**
 * What next-image answered: an image to enter, nothing left for this user ('done'), or images
 * still open but every one held by another contributor for the next few minutes ('busy').
 */
export type NextImageAnswer = ({ status: 'image' } & NextImageResponse) | { status: 'done' } | { status: 'busy' };

/**
 * The next image this user should enter. The API's 404 carries which kind of "none" it is, so
 * 'busy' is told from 'done' by its message. Always asked afresh: which image comes next changes
 * with every entry anyone makes.
 */
export async function fetchNextImage(formId: number, skipImageId?: number): Promise<NextImageAnswer> {
  try {
    const next = await api.get('/api/forms/{id}/next-image', { params: { id: formId }, query: { skipImageId } });
    return { status: 'image', ...next };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return extractServerMessage(error) === ALL_IMAGES_IN_PROGRESS ? { status: 'busy' } : { status: 'done' };
  }
}

/**
 * Each `round` is a new question, so asking again never shows an earlier answer, and a round
 * asked ahead (prefetched while the page waits to move on) is there when the page gets to it.
 * The image that comes with the answer goes into the image cache for the page to show.
 */
export const nextImageQueryOptions = (formId: number, round = 0, skipImageId?: number) =>
  queryOptions({
    queryKey: ['/api/forms', formId, 'next-image', { round, skipImageId }] as const,
    queryFn: async ({ client }) => {
      const next = await fetchNextImage(formId, skipImageId);
      if (next.status === 'image') primeImage(client, next.image);
      return next;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });

/** Puts an image the API already sent into the cache, so showing it costs no second request. */
export function primeImage(queryClient: QueryClient, image: ImageResponse): void {
  queryClient.setQueryData(imageQueryKey(image.id), image);
}

export const contributorsQueryKey = (imageId: number) => [...imageQueryKey(imageId), 'contributors'] as const;

export function useContributors(imageId: number) {
  return useQuery({
    queryKey: contributorsQueryKey(imageId),
    queryFn: () => api.get('/api/images/{id}/contributors', { params: { id: imageId } }),
  });
}

export const voteStatusQueryKey = (imageId: number, kind: VoteKind) =>
  [...imageQueryKey(imageId), `vote-${kind}-status`] as const;

export function useVoteStatus(imageId: number, kind: VoteKind) {
  return useQuery({
    queryKey: voteStatusQueryKey(imageId, kind),
    queryFn: () => api.get(VOTE_ROUTES[kind].status.path, { params: { id: imageId } }),
  });
}

/** Progress figures elsewhere (dashboard cards, the owner's image grid) move with every entry. */
function refreshFormProgress(queryClient: QueryClient, formId: number): void {
  void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
  void queryClient.invalidateQueries({ queryKey: formImagesQueryKey(formId) });
  void queryClient.invalidateQueries({ queryKey: entryQueryKey(formId), refetchType: 'none' });
}

export function useCastVote(formId: number, kind: VoteKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => api.post(VOTE_ROUTES[kind].cast.path, { params: { id: imageId } }),
    onSuccess: (vote, imageId) => {
      queryClient.setQueryData(voteStatusQueryKey(imageId, kind), { hasVoted: true, voteCount: vote.voteCount });
      refreshFormProgress(queryClient, formId);
    },
  });
}

export interface SubmitEntryInput {
  imageId: number;
  data: Record<string, unknown>;
  /** Field ids whose value breaks a rule but is what the page says; sent only when there are some. */
  asWritten?: string[];
}

export function useSubmitEntry(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitEntryInput) =>
      api.post('/api/forms/{id}/submissions', { params: { id: formId }, body: input }),
    onSuccess: (submission) => {
      primeImage(queryClient, submission.imageState);
      void queryClient.invalidateQueries({ queryKey: contributorsQueryKey(submission.imageId) });
      refreshFormProgress(queryClient, formId);
    },
  });
}

/** POST /api/tutorial/data-entry/complete; the answer is the updated user. */
export function useCompleteDataEntryTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/tutorial/data-entry/complete'),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}
