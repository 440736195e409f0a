import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, queryKeyToUrl } from './apiClient.ts';
import { handleSessionExpiry } from './sessionExpiry.ts';

/** Reads stay fresh for five minutes (spec section 9). */
export const DEFAULT_STALE_TIME_MS = 5 * 60 * 1000;

/** A query's first read, still on its way: nothing is shown from it yet. */
function isFirstReadInFlight(query: Query): boolean {
  return query.state.fetchStatus === 'fetching' && query.state.data === undefined;
}

/**
 * An invalidation that is never lost. TanStack Query refetches an invalidated query by cancelling
 * the read on its way, but only when the query already has data: a first read (a new search or
 * page, shown meanwhile with the previous one's rows) is joined instead, and its answer, read
 * before the change, is kept as fresh. So such reads are cancelled first, and asked again.
 */
class AppQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstReads = this.getQueryCache()
      .findAll(filters)
      .filter((query) => isFirstReadInFlight(query));
    if (firstReads.length) await Promise.all(firstReads.map((query) => query.cancel({ revert: true, silent: true })));
    return super.invalidateQueries(filters, options);
  }
}

/**
 * The spec's fetch rules: no retries, five minutes of freshness, refetch on window focus,
 * no polling. Queries without their own queryFn read the URL made from their key. A 401 while
 * signed in sends the user to sign in again and back (sessionExpiry.ts).
 */
export function createAppQueryClient(): QueryClient {
  // Every failed request, read or write, is checked for an ended session (see sessionExpiry.ts).
  const queryClient: QueryClient = new AppQueryClient({
    queryCache: new QueryCache({ onError: (error) => handleSessionExpiry(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => handleSessionExpiry(queryClient, error) }),
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiGet(queryKeyToUrl(queryKey), z.unknown()),
        retry: false,
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
