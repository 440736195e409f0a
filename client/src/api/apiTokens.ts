/** The signed-in user's personal API tokens (profile page); the API's own document is in openApiDocument.ts. */
import {
  apiTokenListResponseSchema,
  type CreateApiTokenRequest,
  createdApiTokenResponseSchema,
} from '@formscribe/common/schemas/apiTokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from './apiClient.ts';

export const API_TOKENS_QUERY_KEY = ['/api/api-tokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: API_TOKENS_QUERY_KEY,
    queryFn: () => apiGet('/api/api-tokens', apiTokenListResponseSchema),
    // "Last used" moves while scripts run: read it afresh each time the card is shown.
    staleTime: 0,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) =>
      apiRequest('POST', '/api/api-tokens', { body: request, schema: createdApiTokenResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => apiSend('DELETE', `/api/api-tokens/${tokenId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
