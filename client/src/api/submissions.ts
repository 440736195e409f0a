/**
 * Submissions as managers review them: one submission (the detail page), a form's paged list
 * (10 a page, newest first by default) and deleting one.
 */
import { submissionsApi } from '@formscribe/common/api/submissions';
import { type SubmissionSort, submissionsPageResponseSchema } from '@formscribe/common/schemas/submission';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from './apiClient.ts';
import { FORMS_QUERY_KEY } from './forms.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(submissionsApi);
const apiUrl = api.url;

export const SUBMISSIONS_PAGE_SIZE = 10;
export const DEFAULT_SUBMISSION_SORT: SubmissionSort = 'newest';

export const submissionQueryKey = (submissionId: number) => ['/api/submissions', submissionId] as const;

export function useSubmission(submissionId: number) {
  return useQuery({
    queryKey: submissionQueryKey(submissionId),
    queryFn: () => api.get('/api/submissions/{id}', { params: { id: submissionId } }),
  });
}

/** Every page, sort and search of a form's list starts with this key, so one invalidation refreshes them all. */
export const formSubmissionsQueryKey = (formId: number) => ['/api/forms', formId, 'submissions'] as const;

export interface SubmissionsPageParams {
  page: number;
  sort: SubmissionSort;
  search: string;
  limit?: number;
}

export function useFormSubmissionsPage(
  formId: number,
  { page, sort, search, limit = SUBMISSIONS_PAGE_SIZE }: SubmissionsPageParams,
) {
  return useQuery({
    queryKey: [...formSubmissionsQueryKey(formId), { page, limit, sort, search }] as const,
    queryFn: () => {
      // Every part goes in, an empty search too (`search=`), as the list has always asked; apiUrl's
      // query leaves empty values out.
      const query = new URLSearchParams({ page: String(page), limit: String(limit), sort, search });
      const path = apiUrl('get', '/api/forms/{id}/submissions', { params: { id: formId } });
      return apiGet(`${path}?${query}`, submissionsPageResponseSchema);
    },
    // The current rows stay on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Deleting a submission changes the form's figures (entry counts, verified fields, progress),
 * so everything read under /api/forms/{id} is refreshed, as is the dashboard list.
 */
export function useDeleteSubmission(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: number) => api.delete('/api/submissions/{id}', { params: { id: submissionId } }),
    onSuccess: (_nothing, submissionId) => {
      queryClient.removeQueries({ queryKey: submissionQueryKey(submissionId) });
      void queryClient.invalidateQueries({ queryKey: ['/api/forms', formId] });
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}
