/** The signed-in user's personal API tokens (profile page) and the public API's OpenAPI document. */
import type { CreateApiTokenRequest } from '@formscribe/common/schemas/apiTokens';
import { openApiDocumentSchema } from '@formscribe/common/schemas/v1';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from './apiClient.ts';
import { api } from './typedApi.ts';

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

export const OPENAPI_DOCUMENT_URL = '/api/v1/openapi.json';

export function useOpenApiDocument() {
  return useQuery({
    queryKey: [OPENAPI_DOCUMENT_URL],
    queryFn: () => apiGet(OPENAPI_DOCUMENT_URL, openApiDocumentSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
