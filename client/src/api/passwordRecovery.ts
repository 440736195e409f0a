/** Password recovery: asking for the reset mail, checking its link, and setting the new password. */
import { accountApi } from '@formscribe/common/api/account';
import { queryOptions } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(accountApi);

/** Answers the same whether or not the account exists, so it cannot be used to probe e-mails. */
export function requestPasswordReset(email: string) {
  return api.post('/api/forgot-password', { body: { email } });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/verify-reset-token', token],
    queryFn: () => api.get('/api/verify-reset-token/{token}', { params: { token } }),
    // Checked once per visit; refetching on focus could flip the form away mid-typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function resetPassword(token: string, password: string) {
  return api.post('/api/reset-password', { body: { token, password } });
}
