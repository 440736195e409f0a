/** Field regions beyond the boxes themselves: the form's region settings and each image's shift. */
import { regionsApi } from '@formscribe/common/api/regions';
import type { RegionSettingsUpdate, RegionShiftUpdate } from '@formscribe/common/schemas/regions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(regionsApi);

const regionSettingsKey = (formId: number) => ['/api/forms', formId, 'regions'] as const;
const imageShiftKey = (imageId: number) => ['/api/images', imageId, 'region-shift'] as const;

export function useRegionSettings(formId: number, enabled = true) {
  return useQuery({
    queryKey: regionSettingsKey(formId),
    queryFn: () => api.get('/api/forms/{id}/regions', { params: { id: formId } }),
    enabled,
  });
}

export function useUpdateRegionSettings(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: RegionSettingsUpdate) =>
      api.put('/api/forms/{id}/regions', { params: { id: formId }, body: update }),
    onSuccess: (settings) => queryClient.setQueryData(regionSettingsKey(formId), settings),
  });
}

/** The image's shift (null: none estimated or set, so the boxes sit where they were drawn). */
export function useImageShift(imageId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: imageShiftKey(imageId ?? 0),
    queryFn: () => api.get('/api/images/{id}/region-shift', { params: { id: imageId ?? 0 } }),
    enabled: enabled && imageId !== undefined,
    select: (response) => response.shift,
  });
}

export function useSetImageShift(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shift: RegionShiftUpdate) =>
      api.put('/api/images/{id}/region-shift', { params: { id: imageId }, body: shift }),
    onSuccess: (response) => queryClient.setQueryData(imageShiftKey(imageId), response),
  });
}
