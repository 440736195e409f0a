/** A form's images: the paged list (12 a page), one image, and the card actions. */
import { imagesApi } from '@formscribe/common/api/images';
import { imagesPageResponseSchema } from '@formscribe/common/schemas/form';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from './apiClient.ts';
import { FORMS_QUERY_KEY } from './forms.ts';
import { apiFor } from './typedApi.ts';
import { usePageSettled } from './usePageSettled.ts';

const api = apiFor(imagesApi);
const apiUrl = api.url;

export const IMAGES_PAGE_SIZE = 12;

/** All image queries of a form start with this key, so one invalidation refreshes every page. */
export const formImagesQueryKey = (formId: number) => ['/api/forms', formId, 'images'] as const;

export const formImagesPageQueryOptions = (formId: number, page: number, limit = IMAGES_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...formImagesQueryKey(formId), { page, limit }] as const,
    queryFn: () => api.get('/api/forms/{id}/images', { params: { id: formId }, query: { page, limit } }),
    placeholderData: keepPreviousData,
  });

/** `enabled: false` reads only what the cache holds (another screen's read of the same page). */
export function useFormImagesPage(formId: number, page: number, limit = IMAGES_PAGE_SIZE, enabled = true) {
  return useQuery({ ...formImagesPageQueryOptions(formId, page, limit), enabled });
}

/**
 * A search of the form's images. The search text goes into the query as encodeURIComponent writes
 * it (a space is %20), as it always has, rather than through apiUrl's query (URLSearchParams writes
 * a space as +): the server reads both alike, but the address the Images tab asks stays the same.
 */
export function imageSearchUrl(formId: number, search: string, page: number, limit: number): string {
  const path = apiUrl('get', '/api/forms/{id}/images', { params: { id: formId }, query: { page, limit } });
  return `${path}&search=${encodeURIComponent(search)}`;
}

/** The first `limit` images whose name contains `search`, or whose number it is ('12', '#12'). */
export function useImageSearch(formId: number, search: string, limit: number) {
  return useQuery({
    queryKey: [...formImagesQueryKey(formId), { search, limit }] as const,
    queryFn: () => apiGet(imageSearchUrl(formId, search, 1, limit), imagesPageResponseSchema),
    placeholderData: keepPreviousData,
  });
}

/** One page of the images a search finds (managers: names, source paths and catalogue values). */
export function useImageSearchPage(formId: number, search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...formImagesQueryKey(formId), { search, page, limit: IMAGES_PAGE_SIZE }] as const,
    queryFn: () => apiGet(imageSearchUrl(formId, search, page, IMAGES_PAGE_SIZE), imagesPageResponseSchema),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const imageQueryKey = (imageId: number) => ['/api/images', imageId] as const;

export function useImage(imageId: number | undefined) {
  return useQuery({
    queryKey: imageQueryKey(imageId ?? 0),
    queryFn: () => api.get('/api/images/{id}', { params: { id: imageId ?? 0 } }),
    enabled: imageId !== undefined,
  });
}

/**
 * Previous/Next on the entry page: the server says where the image stands, however many images the
 * form has. Asked once the page has settled: the bar waits disabled a moment, and the scan, the
 * page's largest paint, does not wait for this read's round trip on a slow link (B13).
 */
export function useImageNeighbours(imageId: number | undefined) {
  const settled = usePageSettled();
  return useQuery({
    queryKey: [...imageQueryKey(imageId ?? 0), 'neighbours'] as const,
    queryFn: () => api.get('/api/images/{id}/neighbours', { params: { id: imageId ?? 0 } }),
    enabled: imageId !== undefined && settled,
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
    mutationFn: (imageId: number) => api.post(`/api/images/{id}/${action}`, { params: { id: imageId } }),
    onSuccess: refresh,
  });
}

export function useDeleteImage(formId: number) {
  const refresh = useRefreshFormImages(formId);
  return useMutation({
    mutationFn: (imageId: number) => api.delete('/api/images/{id}', { params: { id: imageId } }),
    onSuccess: refresh,
  });
}

export function useRotateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, rotation }: { imageId: number; rotation: number }) =>
      api.post('/api/images/{id}/rotate', { params: { id: imageId }, body: { rotation } }),
    onSuccess: (image) => queryClient.setQueryData(imageQueryKey(image.id), image),
  });
}
