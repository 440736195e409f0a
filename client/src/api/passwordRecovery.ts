import { messageResponseSchema, validTokenResponseSchema } from '@formscribe/common/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';

/** Answers the same whether or not the account exists, so it cannot be used to probe e-mails. */
export function requestPasswordReset(email: string) {
  return apiRequest('POST', '/api/forgot-password', { body: { email }, schema: messageResponseSchema });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/verify-reset-token', token],
    queryFn: () => apiGet(`/api/verify-reset-token/${encodeURIComponent(token)}`, validTokenResponseSchema),
    // Checked once per visit; refetching on focus could flip the form away mid-typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function resetPassword(token: string, password: string) {
  return apiRequest('POST', '/api/reset-password', { body: { token, password }, schema: messageResponseSchema });
}
