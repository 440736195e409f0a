/**
 * Who is signed in: GET /api/user, fresh for one minute, where 401 means "nobody" rather than
 * an error (spec section 4). Every page asks this one query; the auth store only mirrors it.
 */
import { authApi } from '@formscribe/common/api/auth';
import { type UserResponse, userResponseSchema } from '@formscribe/common/schemas/user';
import { hashKey, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useConnectionStore } from '../realtime/connectionStore.ts';
import { useAuthStore } from '../stores/authStore.ts';
import { ApiError } from './apiClient.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(authApi);

export const CURRENT_USER_QUERY_KEY = ['/api/user'] as const;
export const CURRENT_USER_STALE_TIME_MS = 60 * 1000;
/** Unverified users poll so the dashboard banner goes away once the e-mail link is used (spec section 4). */
export const EMAIL_VERIFICATION_POLL_MS = 5000;

export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: () => api.get('/api/user').catch(nobodyWhenSignedOut),
  staleTime: CURRENT_USER_STALE_TIME_MS,
});

/** A 401 is the answer "nobody is signed in", not an error; anything else still is one. */
function nobodyWhenSignedOut(error: unknown): null {
  if (error instanceof ApiError && error.status === 401) return null;
  throw error;
}

export function useCurrentUser(options: { pollWhileUnverified?: boolean } = {}) {
  // Live updates announce the verification (docs/architecture.md, 'Live updates'); the poll is
  // only the fallback for a tab whose socket is not connected.
  const live = useConnectionStore((state) => state.status === 'connected');
  return useQuery({
    ...currentUserQueryOptions,
    refetchInterval:
      options.pollWhileUnverified && !live
        ? (query) => (query.state.data && needsEmailVerification(query.state.data) ? EMAIL_VERIFICATION_POLL_MS : false)
        : false,
  });
}

/** The super administrator is exempt from verification gating (spec section 6). */
export function needsEmailVerification(user: UserResponse): boolean {
  return !user.emailVerified && !user.isAdmin;
}

const nullableUserSchema = userResponseSchema.nullable();

/**
 * Keeps the `authUser` mirror in step with every successful answer of the user query,
 * whichever page, mutation or poll produced it. Returns the unsubscribe function.
 */
export function mirrorCurrentUserIntoAuthStore(queryClient: QueryClient): () => void {
  const currentUserHash = hashKey(CURRENT_USER_QUERY_KEY);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== currentUserHash) return;
    const parsed = nullableUserSchema.safeParse(event.query.state.data);
    if (parsed.success) useAuthStore.getState().setUser(parsed.data);
  });
}
