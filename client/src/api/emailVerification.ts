import { messageResponseSchema } from '@formscribe/common/schemas/common';
import { emailVerifiedResponseSchema } from '@formscribe/common/schemas/user';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';

/**
 * Using a verification link. It is a GET, but tokens are single use, so it runs once per
 * token and is never refetched (a second call would report the spent token as invalid).
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/verify-email', token],
    queryFn: () => apiGet(`/api/verify-email?token=${encodeURIComponent(token)}`, emailVerifiedResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}

export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/resend-verification', { schema: messageResponseSchema }),
  });
}
