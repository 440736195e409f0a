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
 * page, shown meanwhile with the previous one's rows, or a route loader's) is joined instead, and
 * its answer, read before the change, is then kept as fresh for five minutes. Such a read is left
 * to land (cancelling it at every change would never let a slow page appear on a busy form), and
 * is invalidated again as soon as it has: shown, it is read again at once; not yet shown, it is
 * read when it is.
 */
class AppQueryClient extends QueryClient {
  /**
   * The first reads that are to be invalidated again when they land, by query hash: whether any
   * of the invalidations they missed asked for a refetch (`refetchType: 'none'` only marks stale).
   */
  readonly #invalidatedInFlight = new Map<string, boolean>();

  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const refetch = filters?.refetchType !== 'none';
    for (const query of this.getQueryCache().findAll(filters)) {
      if (!isFirstReadInFlight(query)) continue;
      const known = this.#invalidatedInFlight.get(query.queryHash);
      this.#invalidatedInFlight.set(query.queryHash, refetch || known === true);
      if (known !== undefined) continue;
      const landed = () => {
        const refetchWanted = this.#invalidatedInFlight.get(query.queryHash);
        this.#invalidatedInFlight.delete(query.queryHash);
        return refetchWanted;
      };
      // Joins the read on its way (it starts none); a failed read is already shown as one.
      query.fetch().then(() => {
        const refetchType = landed() ? undefined : 'none';
        void this.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType });
      }, landed);
    }
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
