import { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, queryKeyToUrl } from './apiClient.ts';

/** Reads stay fresh for five minutes (spec section 9). */
export const DEFAULT_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * The spec's fetch rules: no retries, five minutes of freshness, refetch on window focus,
 * no polling. Queries without their own queryFn read the URL made from their key.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
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
}
