/** The public API's OpenAPI document (GET /api/v1/openapi.json), which the /api-docs page renders. */
import { v1FiguresApi } from '@formscribe/common/api/v1Figures';
import { useQuery } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(v1FiguresApi);
const apiUrl = api.url;

export const OPENAPI_DOCUMENT_URL = apiUrl('get', '/api/v1/openapi.json');

export function useOpenApiDocument() {
  return useQuery({
    queryKey: [OPENAPI_DOCUMENT_URL],
    queryFn: () => api.get('/api/v1/openapi.json'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
