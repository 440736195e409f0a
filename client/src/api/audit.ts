/**
 * A form's audit trail as its owners read it: pages newest first (a keyset cursor), filtered by
 * image or kind, and the CSV download's address with the same filters.
 */
import { auditApi } from '@formscribe/common/api/audit';
import type { AuditKind } from '@formscribe/common/schemas/audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(auditApi);
const apiUrl = api.url;

export interface AuditFilters {
  imageId?: number;
  kind?: AuditKind;
}

/** Every read of a form's trail starts with this key, so one invalidation refreshes them all. */
export const auditQueryKey = (formId: number) => ['/api/forms', formId, 'audit'] as const;

export function useAuditTrail(formId: number, filters: AuditFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: [...auditQueryKey(formId), filters],
    queryFn: ({ pageParam }) =>
      api.get('/api/forms/{id}/audit', {
        params: { id: formId },
        query: { cursor: pageParam ?? undefined, imageId: filters.imageId, kind: filters.kind },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: options.enabled ?? true,
  });
}

/** The CSV of the trail with the same filters (a plain link: the browser downloads it with the session). */
export function auditCsvUrl(formId: number, filters: AuditFilters): string {
  return apiUrl('get', '/api/forms/{id}/audit.csv', {
    params: { id: formId },
    query: { imageId: filters.imageId, kind: filters.kind },
  });
}
