/** The caller's own profile and password, changed from the profile page. */
import { accountApi } from '@formscribe/common/api/account';
import type { ProfileUpdateRequest } from '@formscribe/common/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_TOKENS_QUERY_KEY } from './apiTokens.ts';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(accountApi);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdateRequest) => api.put('/api/user/profile', { body: profile }),
    // The answer is the whole user, e.g. with emailVerified reset after an address change.
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) =>
      api.patch('/api/profile/password', { body: passwords }),
    // A new password revokes every API token: the tokens card on the same page must not list them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
