import { errorStatusCode } from '@formscribe/common/errorMessages';
import { type LoginRequest, type RegisterRequest, userResponseSchema } from '@formscribe/common/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from './apiClient.ts';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';

/** Signing in stores the returned user as the current one; pages react to the user query. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest('POST', '/api/login', { body: credentials, schema: userResponseSchema }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}

/** Registration starts a session on the server, so the new user is signed in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: RegisterRequest) =>
      apiRequest('POST', '/api/register', { body: account, schema: userResponseSchema }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}

/** Lets /auth tell "signing out right now" from "already signed in" while the cache still holds the user. */
export const LOGOUT_MUTATION_KEY = ['logout'] as const;

/** A 401 means the session had already ended: as good as a successful logout. */
export async function logout(): Promise<void> {
  try {
    await apiSend('POST', '/api/logout');
  } catch (error) {
    if (errorStatusCode(error) !== 401) throw error;
  }
}
