import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../api/currentUser.ts';
import { api } from '../../../api/typedApi.ts';

/** POST /api/tutorial/complete (empty body); the answer is the updated user. */
export function useCompleteTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/tutorial/complete'),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}
