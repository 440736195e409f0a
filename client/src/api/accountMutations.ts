import { messageResponseSchema } from '@formscribe/common/schemas/common';
import { type ProfileUpdateRequest, userResponseSchema } from '@formscribe/common/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './apiClient.ts';
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
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) =>
      apiRequest('PATCH', '/api/profile/password', { body: passwords, schema: messageResponseSchema }),
  });
}
