/**
 * A form's catalogue as its owner manages it: which columns it has, and which of them
 * contributors see while entering (the owner ticks them under the catalogue upload).
 */
import { type FormCatalogue, formCatalogueSchema } from '@formscribe/common/schemas/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';

export const catalogueQueryKey = (formId: number) => ['/api/forms', formId, 'catalogue'] as const;

/** Managers only: no columns when the form has no catalogue. */
export function useFormCatalogue(formId: number, enabled = true) {
  return useQuery({
    queryKey: catalogueQueryKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}/catalogue`, formCatalogueSchema),
    enabled,
  });
}

/** Saves the columns contributors see; the answer is the catalogue as it now stands. */
export function useChooseContributorColumns(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: string[]) =>
      apiRequest('PUT', `/api/forms/${formId}/catalogue/contributor-columns`, {
        body: { columns },
        schema: formCatalogueSchema,
      }),
    // The owner's own image cards show every column whatever the choice: nothing else to refresh.
    onSuccess: (catalogue: FormCatalogue) => queryClient.setQueryData(catalogueQueryKey(formId), catalogue),
  });
}
