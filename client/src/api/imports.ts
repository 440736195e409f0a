/**
 * A form's imports (containers and IIIF manifests split into images in the background): the
 * recent list, one import's figures, starting a IIIF import and cancelling. The `form:import`
 * socket event carries an import's whole figures; `writeImportEvent` puts them where these
 * queries read, so the screen follows an import without polling while the socket is up.
 */
import { importsApi } from '@formscribe/common/api/imports';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useConnectionStore } from '../realtime/connectionStore.ts';
import { writeLiveValue } from '../realtime/liveWrite.ts';
import { apiSend } from './apiClient.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(importsApi);
const apiUrl = api.url;

export const formImportsQueryKey = (formId: number) => ['/api/forms', formId, 'imports'] as const;
export const importQueryKey = (formId: number, importId: number) => [...formImportsQueryKey(formId), importId] as const;

/** A running import is read again this often when no live event can tell us (socket down). */
const FALLBACK_READ_MS = 3_000;
/** With the socket up, events carry the figures; a slow read still catches a missed one. */
const SAFETY_READ_MS = 20_000;

export const isRunning = (item: Pick<ImportResponse, 'status'>) => item.status === 'running';

/** Running imports first (as the server sends them), then the newest. */
export function withImportInList(list: ImportResponse[] | undefined, item: ImportResponse): ImportResponse[] {
  const rest = (list ?? []).filter((known) => known.importId !== item.importId);
  const merged = [item, ...rest];
  return [...merged.filter(isRunning), ...merged.filter((known) => !isRunning(known))];
}

/** The `form:import` event: the import's own query and the form's list take its figures. */
export function writeImportEvent(queryClient: QueryClient, item: ImportResponse): void {
  writeLiveValue(queryClient, importQueryKey(item.formId, item.importId), item);
  queryClient.setQueryData<{ imports: ImportResponse[] }>(formImportsQueryKey(item.formId), (answer) =>
    answer ? { imports: withImportInList(answer.imports, item) } : answer,
  );
}

/** How often the list is read while imports run: events do the work while the socket is up. */
function followInterval(connected: boolean): number {
  return connected ? SAFETY_READ_MS : FALLBACK_READ_MS;
}

/**
 * GET /api/forms/{id}/imports: what the owner left running, and what finished last. Read again
 * while any import runs or `following` (a batch is on its way): one read covers every running
 * import, since the server always lists them, however many a batch of thousands of files started.
 * Each answer also refreshes the imports' own entries, which the area reads.
 */
export function useFormImports(formId: number, following: boolean) {
  const queryClient = useQueryClient();
  const connected = useConnectionStore((state) => state.status === 'connected');
  return useQuery({
    queryKey: formImportsQueryKey(formId),
    queryFn: async () => {
      const answer = await api.get('/api/forms/{id}/imports', { params: { id: formId } });
      for (const item of answer.imports) queryClient.setQueryData(importQueryKey(formId, item.importId), item);
      return answer;
    },
    refetchInterval: (query) =>
      following || query.state.data?.imports.some(isRunning) ? followInterval(connected) : false,
  });
}

/**
 * The figures of the imports named by `importIds` that are known so far, in that order. Each is
 * read once when nothing is known of it yet; after that, events and the list keep it current.
 */
export function useImportsById(formId: number, importIds: readonly number[]) {
  return useQueries({
    queries: importIds.map((importId) =>
      queryOptions({
        queryKey: importQueryKey(formId, importId),
        queryFn: () => api.get('/api/forms/{id}/imports/{importId}', { params: { id: formId, importId } }),
        staleTime: Number.POSITIVE_INFINITY,
      }),
    ),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
}

/** Reads the list again after an import starts or stops, so it shows before its first event. */
export function refreshImportsList(queryClient: QueryClient, formId: number): void {
  void queryClient.invalidateQueries({ queryKey: formImportsQueryKey(formId), exact: true });
}

/** POST /api/forms/{id}/imports { iiifUrl } → 202 { importId }. */
export function useStartIiifImport(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (iiifUrl: string) => api.post('/api/forms/{id}/imports', { params: { id: formId }, body: { iiifUrl } }),
    onSuccess: () => refreshImportsList(queryClient, formId),
  });
}

/** DELETE /api/forms/{id}/imports/{importId}: stops a running import (what went in stays). */
export function useCancelImport(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer (the import as it now stands) is not read: the list and the import are read again below.
    mutationFn: (importId: number) =>
      apiSend('DELETE', apiUrl('delete', '/api/forms/{id}/imports/{importId}', { params: { id: formId, importId } })),
    onSuccess: (_answer, importId) => {
      void queryClient.invalidateQueries({ queryKey: importQueryKey(formId, importId), exact: true });
      refreshImportsList(queryClient, formId);
    },
  });
}
