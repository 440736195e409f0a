/**
 * The Data tab's consolidated rows (paged, filtered, sorted, searched) and the request that
 * starts an export (CSV, Excel, JSON or Data Package). The export answers with a stream, not JSON: reading it with progress and
 * saving it as a file is the Data tab's job (pages/formOwner/data/exportDownload.ts).
 */
import { exportsApi } from '@formscribe/common/api/exports';
import type {
  ConsolidatedFilter,
  ConsolidatedSort,
  ExportFormat,
  ExportRequest,
  ExportType,
} from '@formscribe/common/schemas/consolidated';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from './apiClient.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(exportsApi);
const apiUrl = api.url;

export const CONSOLIDATED_PAGE_SIZE = 20;

/** Every page, filter, sort and search of a form's consolidated data starts with this key. */
export const consolidatedQueryKey = (formId: number) => ['/api/forms', formId, 'consolidated-data'] as const;

export interface ConsolidatedParams {
  /** Omitted for all data (spec section 7). */
  filter?: ConsolidatedFilter;
  sort: ConsolidatedSort;
  search: string;
  page: number;
  limit?: number;
}

/** The query of one page, in the URL's order (page, limit, sort, then filter and search when set). */
function consolidatedQuery({ filter, sort, search, page, limit }: ConsolidatedParams) {
  return { page, limit: limit ?? CONSOLIDATED_PAGE_SIZE, sort, filter, search };
}

export function consolidatedUrl(formId: number, params: ConsolidatedParams): string {
  return apiUrl('get', '/api/forms/{id}/consolidated-data', {
    params: { id: formId },
    query: consolidatedQuery(params),
  });
}

export function useConsolidatedData(formId: number, params: ConsolidatedParams) {
  const limit = params.limit ?? CONSOLIDATED_PAGE_SIZE;
  return useQuery({
    queryKey: [...consolidatedQueryKey(formId), { ...params, limit }],
    queryFn: () =>
      api.get('/api/forms/{id}/consolidated-data', { params: { id: formId }, query: consolidatedQuery(params) }),
    // The current rows stay on screen while the next page, filter or search loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/forms/{id}/export: the answer, its body not yet read. A non-success answer raises
 * an ApiError, like every other call, so callers read the server's message (e.g. the 400 "There
 * is no data to export").
 */
export async function requestFormExport(
  formId: number,
  exportType: ExportType,
  format: ExportFormat = 'csv',
  signal?: AbortSignal,
) {
  const body: ExportRequest = { exportType, format };
  const response = await fetch(apiUrl('post', '/api/forms/{id}/export', { params: { id: formId }, body }), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: '*/*', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  return response;
}
