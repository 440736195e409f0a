/**
 * The owner's figures for one form (Dashboard and Users tabs): verification stats, counts, the
 * leaderboard, the people of the form, the recent lists, and blocking. Query keys follow the
 * URL (['/api/forms', 3, 'leaderboard'] reads /api/forms/3/leaderboard), so the live cache
 * bridge can write into them and invalidate them by the same keys.
 */
import { blocksApi } from '@formscribe/common/api/blocks';
import { statsApi } from '@formscribe/common/api/stats';
import { type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formKey,
  LEADERBOARD_LIMIT,
  leaderboardQueryKey,
  readGathered,
  userCountQueryKey,
  verificationStatsQueryKey,
} from './formDashboard.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(statsApi, blocksApi);

export { LEADERBOARD_LIMIT, leaderboardQueryKey, userCountQueryKey, verificationStatsQueryKey };

/** Spec section 9: recent lists 5 (the leaderboard's 5 is in formDashboard.ts). */
export const RECENT_LIST_LIMIT = 5;

/** GET /stats: `total` is the number of submissions (the Data tab's "Submissions (N)"). */
export const submissionTotalQueryKey = (formId: number) => formKey(formId, 'stats');
export const formUsersQueryKey = (formId: number) => formKey(formId, 'users');
export const recentSubmissionsQueryKey = (formId: number) => formKey(formId, 'recent-submissions');
export const recentUsersQueryKey = (formId: number) => formKey(formId, 'recent-users');
export const recentImagesQueryKey = (formId: number) => formKey(formId, 'recent-images');
/** Across every form the caller manages, so not under one form's key. */
export const RECENTLY_COMPLETED_QUERY_KEY = ['/api/recently-completed-images'] as const;

export function useVerificationStats(formId: number) {
  return useQuery({
    queryKey: verificationStatsQueryKey(formId),
    // The Dashboard tab's first screen comes in one read (formDashboard.ts).
    queryFn: (context) =>
      readGathered(
        context,
        formId,
        (answer) => answer.verificationStats,
        () => api.get('/api/forms/{id}/verification-stats', { params: { id: formId } }),
      ),
  });
}

export function useSubmissionTotal(formId: number) {
  return useQuery({
    queryKey: submissionTotalQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/stats', { params: { id: formId } }),
    select: (answer) => answer.total,
  });
}

/** Contributors: everyone with access or entries, the form's creator not counted. */
export function useUserCount(formId: number) {
  return useQuery({
    queryKey: userCountQueryKey(formId),
    queryFn: (context) =>
      readGathered(
        context,
        formId,
        (answer) => answer.userCount,
        () => api.get('/api/forms/{id}/user-count', { params: { id: formId } }),
      ),
    select: (answer) => answer.userCount,
  });
}

export function useLeaderboard(formId: number, limit = LEADERBOARD_LIMIT) {
  return useQuery({
    queryKey: [...leaderboardQueryKey(formId), { limit }],
    queryFn: (context) => {
      const ownRead = () => api.get('/api/forms/{id}/leaderboard', { params: { id: formId }, query: { limit } });
      return limit === LEADERBOARD_LIMIT
        ? readGathered(context, formId, (answer) => answer.leaderboard, ownRead)
        : ownRead();
    },
    select: (answer) => answer.leaderboard,
  });
}

export function useFormUsers(formId: number) {
  return useQuery({
    queryKey: formUsersQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/users', { params: { id: formId } }),
  });
}

export function useRecentSubmissions(formId: number, limit = RECENT_LIST_LIMIT) {
  return useQuery({
    queryKey: [...recentSubmissionsQueryKey(formId), { limit }],
    queryFn: () => api.get('/api/forms/{id}/recent-submissions', { params: { id: formId }, query: { limit } }),
  });
}

export function useRecentUsers(formId: number, limit = RECENT_LIST_LIMIT) {
  return useQuery({
    queryKey: [...recentUsersQueryKey(formId), { limit }],
    queryFn: () => api.get('/api/forms/{id}/recent-users', { params: { id: formId }, query: { limit } }),
  });
}

export function useRecentImages(formId: number, limit = RECENT_LIST_LIMIT) {
  return useQuery({
    queryKey: [...recentImagesQueryKey(formId), { limit }],
    queryFn: () => api.get('/api/forms/{id}/recent-images', { params: { id: formId }, query: { limit } }),
  });
}

export function useRecentlyCompletedImages(limit = RECENT_LIST_LIMIT) {
  return useQuery({
    queryKey: [...RECENTLY_COMPLETED_QUERY_KEY, { limit }],
    queryFn: () => api.get('/api/recently-completed-images', { query: { limit } }),
  });
}

/**
 * Everything read under /api/forms/{id}/… (stats, lists, images, consolidated data), but not
 * the form itself: what a block or an unblock may change once the server has recomputed.
 */
export function invalidateFormReads(queryClient: QueryClient, formId: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }: { queryKey: QueryKey }) =>
      queryKey[0] === '/api/forms' && queryKey[1] === formId && queryKey.length > 2,
  });
}

export interface BlockUserInput {
  userId: number;
  /** Already trimmed; null when the owner gave none. */
  reason: string | null;
  /** Leave this user's entries out of verification while blocked. */
  dropEntries: boolean;
}

export function useBlockUser(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason, dropEntries }: BlockUserInput) =>
      api.post('/api/forms/{id}/users/{userId}/block', {
        params: { id: formId, userId },
        body: { reason, dropEntries },
      }),
    onSuccess: () => void invalidateFormReads(queryClient, formId),
  });
}

export function useUnblockUser(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.post('/api/forms/{id}/users/{userId}/unblock', { params: { id: formId, userId } }),
    onSuccess: () => void invalidateFormReads(queryClient, formId),
  });
}
