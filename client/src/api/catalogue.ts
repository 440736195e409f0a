/**
 * A form's catalogue as its owner manages it: which columns it has, and which of them
 * contributors see while entering (the owner ticks them under the catalogue upload).
 */
import { importsApi } from '@formscribe/common/api/imports';
import {
  type CatalogueResponse,
  catalogueResponseSchema,
  type FormCatalogue,
} from '@formscribe/common/schemas/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './apiClient.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(importsApi);
const apiUrl = api.url;

export const catalogueQueryKey = (formId: number) => ['/api/forms', formId, 'catalogue'] as const;

/** Sends a CSV or XLSX as the form's catalogue (it replaces the previous one); answers what matched. */
export function sendCatalogueFile(formId: number, file: File): Promise<CatalogueResponse> {
  const body = new FormData();
  body.append(importsApi.uploadCatalogue.upload.field, file);
  const url = apiUrl('post', '/api/forms/{id}/catalogue', { params: { id: formId } });
  return apiRequest('POST', url, { body, schema: catalogueResponseSchema });
}

/** Managers only: no columns when the form has no catalogue. */
export function useFormCatalogue(formId: number, enabled = true) {
  return useQuery({
    queryKey: catalogueQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/catalogue', { params: { id: formId } }),
    enabled,
  });
}

/** Saves the columns contributors see; the answer is the catalogue as it now stands. */
export function useChooseContributorColumns(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: string[]) =>
      api.put('/api/forms/{id}/catalogue/contributor-columns', { params: { id: formId }, body: { columns } }),
    // The owner's own image cards show every column whatever the choice: nothing else to refresh.
    onSuccess: (catalogue: FormCatalogue) => queryClient.setQueryData(catalogueQueryKey(formId), catalogue),
  });
}
