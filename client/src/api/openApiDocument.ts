/** The public API's OpenAPI document (GET /api/v1/openapi.json), which the /api-docs page renders. */
import { useQuery } from '@tanstack/react-query';
import { api, apiUrl } from './typedApi.ts';

export const OPENAPI_DOCUMENT_URL = apiUrl('get', '/api/v1/openapi.json');

export function useOpenApiDocument() {
  return useQuery({
    queryKey: [OPENAPI_DOCUMENT_URL],
    queryFn: () => api.get('/api/v1/openapi.json'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
