import { messageResponseSchema } from '@formscribe/common/schemas/common';
import { type ProfileUpdateRequest, userResponseSchema } from '@formscribe/common/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './apiClient.ts';
import { API_TOKENS_QUERY_KEY } from './apiTokens.ts';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdateRequest) =>
      apiRequest('PUT', '/api/user/profile', { body: profile, schema: userResponseSchema }),
    // The answer is the whole user, e.g. with emailVerified reset after an address change.
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) =>
      apiRequest('PATCH', '/api/profile/password', { body: passwords, schema: messageResponseSchema }),
    // A new password revokes every API token: the tokens card on the same page must not list them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
