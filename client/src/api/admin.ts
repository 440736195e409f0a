/**
 * The super admin's calls (spec section 7). Lists are searched and paged by the server; each
 * page is its own query, keyed like its URL. Every change refreshes all admin reads at once
 * (counts and lists move together).
 */
import { adminApi } from '@formscribe/common/api/admin';
import type { AdminFormUpdateRequest, AdminUserUpdateRequest } from '@formscribe/common/schemas/admin';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORMS_QUERY_KEY } from './forms.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(adminApi);

export const ADMIN_QUERY_ROOT = '/api/admin';
export const ADMIN_STATS_QUERY_KEY = [ADMIN_QUERY_ROOT, 'stats'] as const;

export interface AdminListParams {
  search: string;
  page: number;
}

/** The list's query: the page, and the search only when there is one. */
function listQuery({ search, page }: AdminListParams) {
  return { query: { page, search: search.trim() || undefined } };
}

export function useAdminStats(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_STATS_QUERY_KEY,
    queryFn: () => api.get('/api/admin/stats'),
    enabled,
  });
}

export function useAdminUsers(params: AdminListParams) {
  return useQuery({
    queryKey: [ADMIN_QUERY_ROOT, 'users', params.search.trim(), params.page],
    queryFn: () => api.get('/api/admin/users', listQuery(params)),
    // The page being left stays on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminForms(params: AdminListParams) {
  return useQuery({
    queryKey: [ADMIN_QUERY_ROOT, 'forms', params.search.trim(), params.page],
    queryFn: () => api.get('/api/admin/forms', listQuery(params)),
    placeholderData: keepPreviousData,
  });
}

function refreshAdminReads(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
  // The administrator's own dashboard lists every form it may manage.
  void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, changes }: { userId: number; changes: AdminUserUpdateRequest }) =>
      api.patch('/api/admin/users/{id}', { params: { id: userId }, body: changes }),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete('/api/admin/users/{id}', { params: { id: userId } }),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

export function useUpdateAdminForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, changes }: { formId: number; changes: AdminFormUpdateRequest }) =>
      api.patch('/api/admin/forms/{id}', { params: { id: formId }, body: changes }),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

export function useDeleteAdminForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number) => api.delete('/api/admin/forms/{id}', { params: { id: formId } }),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

/** Asks a worker to recount the form's figures from its images (202: done after the answer). */
export function useRecountAdminForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number) => api.post('/api/admin/forms/{id}/recount', { params: { id: formId } }),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}
