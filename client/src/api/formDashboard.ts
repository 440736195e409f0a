/**
 * The owner's Dashboard tab reads its first screen (verification stats, user count, the top
 * contributors) in one request, GET /api/forms/{id}/dashboard, instead of three. Each figure keeps
 * its own query, key and route: live updates write into those queries and invalidations refetch
 * them one by one. The first of them to be read starts the gathered read, the others read their
 * part of its answer, and the answer seeds any of them not mounted yet (the top contributors'
 * card mounts when seen), so they do not ask again.
 *
 * A missed event must cost a refetch. A query that was invalidated reads its own route; and once
 * any news about the form has arrived since the gathered read started (formNews.ts), its answer
 * is given to no query that was not already waiting for it.
 */
import { statsApi } from '@formscribe/common/api/stats';
import type { FormDashboardResponse } from '@formscribe/common/schemas/formDashboard';
import type { QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { formNewsCount } from './formNews.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(statsApi);

/** Spec section 9: the leaderboard shows 5. */
export const LEADERBOARD_LIMIT = 5;

/** A form's resource under the form's key, as its route names it (`/api/forms/{id}/{resource}`). */
export const formKey = (formId: number, resource: string) => ['/api/forms', formId, resource] as const;

/** Written by the live bridge on every 'form:stats' event. */
export const verificationStatsQueryKey = (formId: number) => formKey(formId, 'verification-stats');
export const userCountQueryKey = (formId: number) => formKey(formId, 'user-count');
export const leaderboardQueryKey = (formId: number) => formKey(formId, 'leaderboard');
/** The Dashboard card's leaderboard: the one the gathered read answers. */
const dashboardLeaderboardQueryKey = (formId: number) => [...leaderboardQueryKey(formId), { limit: LEADERBOARD_LIMIT }];

interface GatheredRead {
  /** formNewsCount when it started. */
  news: number;
  answer: Promise<FormDashboardResponse>;
}

const underWay = new Map<number, GatheredRead>();

/** Each gathered query, with its part of the answer (shaped as its own route answers). */
const parts = (formId: number, answer: FormDashboardResponse): [QueryKey, unknown][] => [
  [verificationStatsQueryKey(formId), answer.verificationStats],
  [userCountQueryKey(formId), answer.userCount],
  [dashboardLeaderboardQueryKey(formId), answer.leaderboard],
];

function startGatheredRead(queryClient: QueryClient, formId: number): GatheredRead {
  const read: GatheredRead = {
    news: formNewsCount(formId),
    answer: api.get('/api/forms/{id}/dashboard', { params: { id: formId }, query: { limit: LEADERBOARD_LIMIT } }),
  };
  underWay.set(formId, read);
  read.answer.then(
    (answer) => {
      if (underWay.get(formId) === read) underWay.delete(formId);
      if (formNewsCount(formId) !== read.news) return;
      for (const [queryKey, data] of parts(formId, answer)) {
        const state = queryClient.getQueryState(queryKey);
        // Only where nothing is cached or under way: a query with its own read keeps it.
        if (!state || (state.data === undefined && state.fetchStatus === 'idle' && !state.isInvalidated)) {
          queryClient.setQueryData(queryKey, data);
        }
      }
    },
    () => {
      if (underWay.get(formId) === read) underWay.delete(formId);
    },
  );
  return read;
}

/**
 * A gathered query's read: its part of the gathered read (joined, or started if none is under
 * way), or its own route when it was invalidated or news came since the gathered read started.
 */
export function readGathered<T>(
  context: QueryFunctionContext,
  formId: number,
  part: (answer: FormDashboardResponse) => T,
  ownRead: () => Promise<T>,
): Promise<T> {
  const { client, queryKey } = context;
  if (client.getQueryState(queryKey)?.isInvalidated) return ownRead();
  const current = underWay.get(formId);
  // One under way that news has overtaken answers nobody new: this query asks its own route.
  if (current && current.news !== formNewsCount(formId)) return ownRead();
  const read = current ?? startGatheredRead(client, formId);
  // A failed gathered read leaves each query to ask its own route.
  return read.answer.then(part, ownRead);
}
