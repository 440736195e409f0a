/**
 * The disagreement view (beyond the spec): an image's entered values per field, and the owner
 * accepting one of them as the verified value, or taking that back.
 */
import { disagreementsApi } from '@formscribe/common/api/disagreements';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consolidatedQueryKey } from './consolidated.ts';
import { FORMS_QUERY_KEY } from './forms.ts';
import { formImagesQueryKey, imageQueryKey } from './images.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(disagreementsApi);

export const imageVariantsQueryKey = (imageId: number) => ['/api/images', imageId, 'variants'] as const;

export function useImageVariants(imageId: number) {
  return useQuery({
    queryKey: imageVariantsQueryKey(imageId),
    queryFn: () => api.get('/api/images/{id}/variants', { params: { id: imageId } }),
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
      api.post('/api/images/{id}/resolutions', { params: { id: imageId }, body: { fieldId, value } }),
    onSuccess: refresh,
  });
}

export function useWithdrawAcceptance(formId: number, imageId: number) {
  const refresh = useRefreshAfterResolution(formId);
  return useMutation({
    mutationFn: (fieldId: string) =>
      api.delete('/api/images/{id}/resolutions/{fieldId}', { params: { id: imageId, fieldId } }),
    onSuccess: refresh,
  });
}
