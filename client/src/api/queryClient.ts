import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, queryKeyToUrl } from './apiClient.ts';
import { handleSessionExpiry } from './sessionExpiry.ts';

/** Reads stay fresh for five minutes (spec section 9). */
export const DEFAULT_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * The spec's fetch rules: no retries, five minutes of freshness, refetch on window focus,
 * no polling. Queries without their own queryFn read the URL made from their key. A 401 while
 * signed in sends the user to sign in again and back (sessionExpiry.ts).
 */
export function createAppQueryClient(): QueryClient {
  // Every failed request, read or write, is checked for an ended session (see sessionExpiry.ts).
  const queryClient: QueryClient = new QueryClient({
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
