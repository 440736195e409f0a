import { userResponseSchema } from '@formscribe/common/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/apiClient.ts';
import { CURRENT_USER_QUERY_KEY } from '../../../api/currentUser.ts';

/** POST /api/tutorial/complete (empty body); the answer is the updated user. */
export function useCompleteTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/tutorial/complete', { schema: userResponseSchema }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}
