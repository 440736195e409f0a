/**
 * Forms: the dashboard list, one form, and the three PATCH shapes (builder autosave, settings,
 * the Active badge). Query keys follow the URL, so ['/api/forms', id] reads /api/forms/{id}.
 */
import {
  type CreateFormRequest,
  type FormResponse,
  formListItemSchema,
  formResponseSchema,
  type UpdateFormRequest,
} from '@formscribe/common/schemas/form';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest, apiSend } from './apiClient.ts';

export const FORMS_QUERY_KEY = ['/api/forms'] as const;
export const formQueryKey = (formId: number) => ['/api/forms', formId] as const;

export const formsQueryOptions = queryOptions({
  queryKey: FORMS_QUERY_KEY,
  queryFn: () => apiGet('/api/forms', z.array(formListItemSchema)),
});

export const formQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: formQueryKey(formId),
    queryFn: () => apiGet(`/api/forms/${formId}`, formResponseSchema),
  });

export function useForms() {
  return useQuery(formsQueryOptions);
}

export function useForm(formId: number) {
  return useQuery(formQueryOptions(formId));
}

export function useCreateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFormRequest) =>
      apiRequest('POST', '/api/forms', { body: input, schema: formResponseSchema }),
    onSuccess: (form) => {
      queryClient.setQueryData(formQueryKey(form.id), form);
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}

/** Any of the PATCH shapes; the answer is the whole form, written straight into the cache. */
export function useUpdateForm(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateFormRequest) =>
      apiRequest('PATCH', `/api/forms/${formId}`, { body: changes, schema: formResponseSchema }),
    onSuccess: (form: FormResponse) => {
      queryClient.setQueryData(formQueryKey(formId), form);
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}

export function useDeleteForm(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('DELETE', `/api/forms/${formId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: formQueryKey(formId) });
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}
