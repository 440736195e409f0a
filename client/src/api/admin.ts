/**
 * The super admin's calls (spec section 7). Lists are searched and paged by the server; each
 * page is its own query, keyed like its URL. Every change refreshes all admin reads at once
 * (counts and lists move together).
 */
import {
  type AdminFormUpdateRequest,
  type AdminUserUpdateRequest,
  adminFormSchema,
  adminFormsPageSchema,
  adminStatsSchema,
  adminUserSchema,
  adminUsersPageSchema,
} from '@formscribe/common/schemas/admin';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from './apiClient.ts';
import { FORMS_QUERY_KEY } from './forms.ts';

export const ADMIN_QUERY_ROOT = '/api/admin';
export const ADMIN_STATS_QUERY_KEY = [ADMIN_QUERY_ROOT, 'stats'] as const;

export interface AdminListParams {
  search: string;
  page: number;
}

function listUrl(list: 'users' | 'forms', { search, page }: AdminListParams): string {
  const query = new URLSearchParams({ page: String(page) });
  if (search.trim()) query.set('search', search.trim());
  return `${ADMIN_QUERY_ROOT}/${list}?${query}`;
}

export function useAdminStats(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_STATS_QUERY_KEY,
    queryFn: () => apiGet(`${ADMIN_QUERY_ROOT}/stats`, adminStatsSchema),
    enabled,
  });
}

export function useAdminUsers(params: AdminListParams) {
  return useQuery({
    queryKey: [ADMIN_QUERY_ROOT, 'users', params.search.trim(), params.page],
    queryFn: () => apiGet(listUrl('users', params), adminUsersPageSchema),
    // The page being left stays on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminForms(params: AdminListParams) {
  return useQuery({
    queryKey: [ADMIN_QUERY_ROOT, 'forms', params.search.trim(), params.page],
    queryFn: () => apiGet(listUrl('forms', params), adminFormsPageSchema),
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
      apiRequest('PATCH', `${ADMIN_QUERY_ROOT}/users/${userId}`, { body: changes, schema: adminUserSchema }),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiSend('DELETE', `${ADMIN_QUERY_ROOT}/users/${userId}`),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

export function useUpdateAdminForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, changes }: { formId: number; changes: AdminFormUpdateRequest }) =>
      apiRequest('PATCH', `${ADMIN_QUERY_ROOT}/forms/${formId}`, { body: changes, schema: adminFormSchema }),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

export function useDeleteAdminForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number) => apiSend('DELETE', `${ADMIN_QUERY_ROOT}/forms/${formId}`),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}

/** Asks a worker to recount the form's figures from its images (202: done after the answer). */
export function useRecountAdminForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number) => apiSend('POST', `${ADMIN_QUERY_ROOT}/forms/${formId}/recount`),
    onSuccess: () => refreshAdminReads(queryClient),
  });
}
