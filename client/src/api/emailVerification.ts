/** E-mail verification: using the link from the mail, and asking for a new one. */
import { accountApi } from '@formscribe/common/api/account';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(accountApi);

/**
 * Using a verification link. It is a GET, but tokens are single use, so it runs once per
 * token and is never refetched (a second call would report the spent token as invalid).
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/verify-email', token],
    queryFn: () => api.get('/api/verify-email', { query: { token } }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}

export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: () => api.post('/api/resend-verification'),
  });
}
