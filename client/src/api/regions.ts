/** Field regions beyond the boxes themselves: the form's region settings and each image's shift. */
import {
  type RegionSettingsUpdate,
  type RegionShiftUpdate,
  regionSettingsSchema,
  regionShiftResponseSchema,
} from '@formscribe/common/schemas/regions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';

const regionSettingsKey = (formId: number) => ['/api/forms', formId, 'regions'] as const;
const imageShiftKey = (imageId: number) => ['/api/images', imageId, 'region-shift'] as const;

export function useRegionSettings(formId: number, enabled = true) {
  return useQuery({
    queryKey: regionSettingsKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}/regions`, regionSettingsSchema),
    enabled,
  });
}

export function useUpdateRegionSettings(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: RegionSettingsUpdate) =>
      apiRequest('PUT', `/api/forms/${formId}/regions`, { body: update, schema: regionSettingsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(regionSettingsKey(formId), settings),
  });
}

/** The image's shift (null: none estimated or set, so the boxes sit where they were drawn). */
export function useImageShift(imageId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: imageShiftKey(imageId ?? 0),
    queryFn: () => apiGet(`/api/images/${imageId}/region-shift`, regionShiftResponseSchema),
    enabled: enabled && imageId !== undefined,
    select: (response) => response.shift,
  });
}

export function useSetImageShift(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shift: RegionShiftUpdate) =>
      apiRequest('PUT', `/api/images/${imageId}/region-shift`, { body: shift, schema: regionShiftResponseSchema }),
    onSuccess: (response) => queryClient.setQueryData(imageShiftKey(imageId), response),
  });
}
