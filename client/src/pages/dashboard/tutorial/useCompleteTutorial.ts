import { accountApi } from '@formscribe/common/api/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../api/currentUser.ts';
import { apiFor } from '../../../api/typedApi.ts';

const api = apiFor(accountApi);

/** POST /api/tutorial/complete (empty body); the answer is the updated user. */
export function useCompleteTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/tutorial/complete'),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}
