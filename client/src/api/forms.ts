/**
 * Forms: the dashboard list, one form, and the three PATCH shapes (builder autosave, settings,
 * the Active badge). Query keys follow the URL, so ['/api/forms', id] reads /api/forms/{id}.
 */
import { formsApi } from '@formscribe/common/api/forms';
import type {
  CreateFormRequest,
  FormResponse,
  UpdateFormRequest,
  UpdateFormResponse,
} from '@formscribe/common/schemas/form';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(formsApi);

export const FORMS_QUERY_KEY = ['/api/forms'] as const;
export const formQueryKey = (formId: number) => ['/api/forms', formId] as const;

export const formsQueryOptions = queryOptions({
  queryKey: FORMS_QUERY_KEY,
  queryFn: () => api.get('/api/forms'),
});

export const formQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: formQueryKey(formId),
    queryFn: () => api.get('/api/forms/{id}', { params: { id: formId } }),
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
    mutationFn: (input: CreateFormRequest) => api.post('/api/forms', { body: input }),
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
    mutationFn: (changes: UpdateFormRequest) => api.patch('/api/forms/{id}', { params: { id: formId }, body: changes }),
    onSuccess: ({ ruleBreaks: _news, ...form }: UpdateFormResponse) => {
      // The cache holds the form; the rule-break counts are news about this one save.
      queryClient.setQueryData<FormResponse>(formQueryKey(formId), form);
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}

export function useDeleteForm(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/forms/{id}', { params: { id: formId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: formQueryKey(formId) });
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}
