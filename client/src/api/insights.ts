/**
 * The owner page's Insights tab: agreement per contributor, field difficulty, throughput and the
 * per-image heatmap (Professional owners and the administrator; others get a 402 → upgrade prompt).
 * Keys sit under the form's, so blocking a contributor (invalidateFormReads) refreshes them too.
 */
import { insightsApi } from '@formscribe/common/api/insights';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError } from './apiClient.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(insightsApi);

export const insightsQueryKey = (formId: number) => ['/api/forms', formId, 'insights'] as const;
export const heatmapQueryKey = (formId: number) => [...insightsQueryKey(formId), 'heatmap'] as const;

/** A 402 is an answer here (the upgrade prompt), not a failure to retry. */
export const needsUpgrade = (error: unknown) => error instanceof ApiError && error.status === 402;

/**
 * A form's first recount (entries from before Insights) announces nothing when it ends, and runs
 * once per form, so its figures are asked again every few seconds until they are filled.
 */
const whileComputing = (query: { state: { data?: { computing: boolean } } }) =>
  query.state.data?.computing ? 3000 : false;

export function useAgreement(formId: number) {
  return useQuery({
    queryKey: [...insightsQueryKey(formId), 'agreement'],
    queryFn: () => api.get('/api/forms/{id}/insights/agreement', { params: { id: formId } }),
    refetchInterval: whileComputing,
  });
}

export function useFieldDifficulty(formId: number) {
  return useQuery({
    queryKey: [...insightsQueryKey(formId), 'field-difficulty'],
    queryFn: () => api.get('/api/forms/{id}/insights/field-difficulty', { params: { id: formId } }),
    refetchInterval: whileComputing,
  });
}

export function useThroughput(formId: number) {
  return useQuery({
    queryKey: [...insightsQueryKey(formId), 'throughput'],
    queryFn: () => api.get('/api/forms/{id}/insights/throughput', { params: { id: formId }, query: { days: 60 } }),
  });
}

export function useHeatmap(formId: number) {
  return useQuery({
    queryKey: heatmapQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/insights/heatmap', { params: { id: formId } }),
  });
}

/** A contributor's disagreements, a page at a time (keyset cursor), newest first. */
export function useContributorDisagreements(formId: number, userId: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...insightsQueryKey(formId), 'disagreements', userId],
    queryFn: ({ pageParam }) =>
      api.get('/api/forms/{id}/insights/contributors/{userId}/disagreements', {
        params: { id: formId, userId: userId ?? '' },
        query: { cursor: pageParam },
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: userId !== undefined,
  });
}
