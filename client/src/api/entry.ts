/**
 * Data entry: submissions, votes, contributors and the data-entry tutorial; the entry read and the
 * next image are in entryReads.ts (the route prefetches them), and are exported here as well. Query keys follow the URL, so ['/api/images', 5, 'contributors'] reads
 * /api/images/5/contributors, and invalidating imageQueryKey(5) refreshes all of an image's reads.
 */
import { accountApi } from '@formscribe/common/api/account';
import { submissionsApi } from '@formscribe/common/api/submissions';
import { VOTE_ROUTES, votesApi } from '@formscribe/common/api/votes';
import type { VoteKind } from '@formscribe/common/votes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';
import { entryQueryKey, primeImage } from './entryReads.ts';
import { FORMS_QUERY_KEY } from './forms.ts';
import { formImagesQueryKey, imageQueryKey } from './images.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(votesApi, submissionsApi, accountApi);

export {
  entryQueryKey,
  entryQueryOptions,
  fetchNextImage,
  type NextImageAnswer,
  nextImageQueryOptions,
  primeImage,
  useEntry,
} from './entryReads.ts';

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
