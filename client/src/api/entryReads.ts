/**
 * The entry page's first reads: its entry read and the next image. The route starts them while the
 * page's code downloads (routePrefetch.ts), so they are on the startup path: this module needs only
 * the entry area's contracts, and the rest of data entry (votes, submissions, contributors) stays
 * in entry.ts with the page.
 */
import { entryApi } from '@formscribe/common/api/entry';
import { extractServerMessage } from '@formscribe/common/errorMessages';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { ALL_IMAGES_IN_PROGRESS, type NextImageResponse } from '@formscribe/common/schemas/submission';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from './apiClient.ts';
import { imageQueryKey } from './images.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(entryApi);

export const entryQueryKey = (formId: number) => ['/api/forms', formId, 'entry'] as const;

export const entryQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: entryQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}/entry', { params: { id: formId } }),
  });

export function useEntry(formId: number) {
  return useQuery(entryQueryOptions(formId));
}

/**
 * What next-image answered: an image to enter, nothing left for this user ('done'), or images
 * still open but every one held by another contributor for the next few minutes ('busy').
 */
export type NextImageAnswer = ({ status: 'image' } & NextImageResponse) | { status: 'done' } | { status: 'busy' };

/**
 * The next image this user should enter. The API's 404 carries which kind of "none" it is, so
 * 'busy' is told from 'done' by its message. Always asked afresh: which image comes next changes
 * with every entry anyone makes.
 */
export async function fetchNextImage(formId: number, skipImageId?: number): Promise<NextImageAnswer> {
  try {
    const next = await api.get('/api/forms/{id}/next-image', { params: { id: formId }, query: { skipImageId } });
    return { status: 'image', ...next };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return extractServerMessage(error) === ALL_IMAGES_IN_PROGRESS ? { status: 'busy' } : { status: 'done' };
  }
}

/**
 * Each `round` is a new question, so asking again never shows an earlier answer, and a round
 * asked ahead (prefetched while the page waits to move on) is there when the page gets to it.
 * The image that comes with the answer goes into the image cache for the page to show.
 */
export const nextImageQueryOptions = (formId: number, round = 0, skipImageId?: number) =>
  queryOptions({
    queryKey: ['/api/forms', formId, 'next-image', { round, skipImageId }] as const,
    queryFn: async ({ client }) => {
      const next = await fetchNextImage(formId, skipImageId);
      if (next.status === 'image') primeImage(client, next.image);
      return next;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });

/** Puts an image the API already sent into the cache, so showing it costs no second request. */
export function primeImage(queryClient: QueryClient, image: ImageResponse): void {
  queryClient.setQueryData(imageQueryKey(image.id), image);
}
