/**
 * The disagreement view (beyond the spec): an image's entered values per field, and the owner
 * accepting one of them as the verified value, or taking that back.
 */

import { imageVariantsResponseSchema } from '@formscribe/common/schemas/disagreement';
import { type ImageResponse, imageResponseSchema } from '@formscribe/common/schemas/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';
import { consolidatedQueryKey } from './consolidated.ts';
import { FORMS_QUERY_KEY } from './forms.ts';
import { formImagesQueryKey, imageQueryKey } from './images.ts';

export const imageVariantsQueryKey = (imageId: number) => ['/api/images', imageId, 'variants'] as const;

export function useImageVariants(imageId: number) {
  return useQuery({
    queryKey: imageVariantsQueryKey(imageId),
    queryFn: () => apiGet(`/api/images/${imageId}/variants`, imageVariantsResponseSchema),
  });
}

/**
 * After a field's value is accepted or withdrawn: the image, its variants and every list it
 * shows in. The variants are awaited, so the caller's own onSuccess sees the new state.
 */
function useRefreshAfterResolution(formId: number) {
  const queryClient = useQueryClient();
  return async (image: ImageResponse) => {
    queryClient.setQueryData(imageQueryKey(image.id), image);
    void queryClient.invalidateQueries({ queryKey: consolidatedQueryKey(formId) });
    void queryClient.invalidateQueries({ queryKey: formImagesQueryKey(formId) });
    void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    await queryClient.invalidateQueries({ queryKey: imageVariantsQueryKey(image.id) });
  };
}

export function useAcceptVariant(formId: number, imageId: number) {
  const refresh = useRefreshAfterResolution(formId);
  return useMutation({
    mutationFn: ({ fieldId, value }: { fieldId: string; value: string }) =>
      apiRequest('POST', `/api/images/${imageId}/resolutions`, {
        body: { fieldId, value },
        schema: imageResponseSchema,
      }),
    onSuccess: refresh,
  });
}

export function useWithdrawAcceptance(formId: number, imageId: number) {
  const refresh = useRefreshAfterResolution(formId);
  return useMutation({
    mutationFn: (fieldId: string) =>
      apiRequest('DELETE', `/api/images/${imageId}/resolutions/${encodeURIComponent(fieldId)}`, {
        schema: imageResponseSchema,
      }),
    onSuccess: refresh,
  });
}
