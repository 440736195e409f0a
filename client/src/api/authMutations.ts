/** Signing in, creating an account and signing out; each leaves the current-user query right. */
import { authApi } from '@formscribe/common/api/auth';
import { errorStatusCode } from '@formscribe/common/errorMessages';
import type { LoginRequest, RegisterRequest } from '@formscribe/common/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(authApi);

/** Signing in stores the returned user as the current one; pages react to the user query. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => api.post('/api/login', { body: credentials }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}

/** Registration starts a session on the server, so the new user is signed in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: RegisterRequest) => api.post('/api/register', { body: account }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}

/** Lets /auth tell "signing out right now" from "already signed in" while the cache still holds the user. */
export const LOGOUT_MUTATION_KEY = ['logout'] as const;

/** A 401 means the session had already ended: as good as a successful logout. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/logout');
  } catch (error) {
    if (errorStatusCode(error) !== 401) throw error;
  }
}
