/** The signed-in user's personal API tokens (profile page); the API's own document is in openApiDocument.ts. */
import { apiTokensApi } from '@formscribe/common/api/apiTokens';
import type { CreateApiTokenRequest } from '@formscribe/common/schemas/apiTokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(apiTokensApi);

export const API_TOKENS_QUERY_KEY = ['/api/api-tokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: API_TOKENS_QUERY_KEY,
    queryFn: () => api.get('/api/api-tokens'),
    // "Last used" moves while scripts run: read it afresh each time the card is shown.
    staleTime: 0,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) => api.post('/api/api-tokens', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => api.delete('/api/api-tokens/{id}', { params: { id: tokenId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
