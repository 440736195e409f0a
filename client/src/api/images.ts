/** A form's images: the paged list (12 a page), one image, and the card actions. */
import type { DisplayWidth } from '@formscribe/common/displayCopies';
import { type ImageResponse, imageResponseSchema, imagesPageResponseSchema } from '@formscribe/common/schemas/form';
import { imageNeighboursResponseSchema } from '@formscribe/common/schemas/submission';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from './apiClient.ts';
import { FORMS_QUERY_KEY } from './forms.ts';

export const IMAGES_PAGE_SIZE = 12;

/**
 * The display-size copy of an image given its `publicUrl` (the original): the server's
 * GET /api/display-proxy/{name}?w=, at most `width` px wide and 1600 px tall, same access rule.
 * What the entry page shows (and preloads) until someone zooms in past it (pages/entry/entryDisplayCopy.ts
 * chooses the width).
 */
export function displayUrlOf(publicUrl: string, width: DisplayWidth): string {
  return `${publicUrl.replace(/^\/api\/image-proxy\//, '/api/display-proxy/')}?w=${width}`;
}

/** All image queries of a form start with this key, so one invalidation refreshes every page. */
export const formImagesQueryKey = (formId: number) => ['/api/forms', formId, 'images'] as const;

export const formImagesPageQueryOptions = (formId: number, page: number, limit = IMAGES_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...formImagesQueryKey(formId), { page, limit }] as const,
    queryFn: () => apiGet(`/api/forms/${formId}/images?page=${page}&limit=${limit}`, imagesPageResponseSchema),
    placeholderData: keepPreviousData,
  });

/** `enabled: false` reads only what the cache holds (another screen's read of the same page). */
export function useFormImagesPage(formId: number, page: number, limit = IMAGES_PAGE_SIZE, enabled = true) {
  return useQuery({ ...formImagesPageQueryOptions(formId, page, limit), enabled });
}

/** The first `limit` images whose name contains `search`, or whose number it is ('12', '#12'). */
export function useImageSearch(formId: number, search: string, limit: number) {
  return useQuery({
    queryKey: [...formImagesQueryKey(formId), { search, limit }] as const,
    queryFn: () =>
      apiGet(
        `/api/forms/${formId}/images?page=1&limit=${limit}&search=${encodeURIComponent(search)}`,
        imagesPageResponseSchema,
      ),
    placeholderData: keepPreviousData,
  });
}

/** One page of the images a search finds (managers: names, source paths and catalogue values). */
export function useImageSearchPage(formId: number, search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...formImagesQueryKey(formId), { search, page, limit: IMAGES_PAGE_SIZE }] as const,
    queryFn: () =>
      apiGet(
        `/api/forms/${formId}/images?page=${page}&limit=${IMAGES_PAGE_SIZE}&search=${encodeURIComponent(search)}`,
        imagesPageResponseSchema,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const imageQueryKey = (imageId: number) => ['/api/images', imageId] as const;

export function useImage(imageId: number | undefined) {
  return useQuery({
    queryKey: imageQueryKey(imageId ?? 0),
    queryFn: () => apiGet(`/api/images/${imageId}`, imageResponseSchema),
    enabled: imageId !== undefined,
  });
}

/** Previous/Next on the entry page: the server says where the image stands, however many images the form has. */
export function useImageNeighbours(imageId: number | undefined) {
  return useQuery({
    queryKey: [...imageQueryKey(imageId ?? 0), 'neighbours'] as const,
    queryFn: () => apiGet(`/api/images/${imageId}/neighbours`, imageNeighboursResponseSchema),
    enabled: imageId !== undefined,
  });
}

/** After any change to a form's images: its pages and the dashboard's progress figures. */
export function useRefreshFormImages(formId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: formImagesQueryKey(formId) });
    void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
  };
}

type ImageAction = 'complete' | 'uncomplete';

export function useImageAction(formId: number, action: ImageAction) {
  const refresh = useRefreshFormImages(formId);
  return useMutation({
    mutationFn: (imageId: number): Promise<ImageResponse> =>
      apiRequest('POST', `/api/images/${imageId}/${action}`, { schema: imageResponseSchema }),
    onSuccess: refresh,
  });
}

export function useDeleteImage(formId: number) {
  const refresh = useRefreshFormImages(formId);
  return useMutation({
    mutationFn: (imageId: number) => apiSend('DELETE', `/api/images/${imageId}`),
    onSuccess: refresh,
  });
}

export function useRotateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, rotation }: { imageId: number; rotation: number }) =>
      apiRequest('POST', `/api/images/${imageId}/rotate`, { body: { rotation }, schema: imageResponseSchema }),
    onSuccess: (image) => queryClient.setQueryData(imageQueryKey(image.id), image),
  });
}
