/**
 * A form's codebook (data dictionary): where its owner downloads it as CSV or JSON, and a new
 * form made from a codebook file (the dashboard's Import codebook).
 */
import { codebookApi } from '@formscribe/common/api/codebook';
import type { CodebookFormat } from '@formscribe/common/schemas/codebook';
import { type FormResponse, formResponseSchema } from '@formscribe/common/schemas/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './apiClient.ts';
import { FORMS_QUERY_KEY, formQueryKey } from './forms.ts';
import { apiFor } from './typedApi.ts';

const apiUrl = apiFor(codebookApi).url;

/** The download's address: the server answers it as an attachment named after the form. */
export function codebookUrl(formId: number, format: CodebookFormat): string {
  return apiUrl('get', '/api/forms/{id}/codebook', { params: { id: formId }, query: { format } });
}

/** Creates a form from a codebook CSV or JSON; the server names the problem when the file is not one. */
export function importCodebookFile(file: File): Promise<FormResponse> {
  const body = new FormData();
  body.append(codebookApi.importCodebook.upload.field, file);
  return apiRequest('POST', apiUrl('post', '/api/forms/import-codebook'), { body, schema: formResponseSchema });
}

/** Import codebook as a mutation: the new form goes into the cache and the dashboard's list refreshes. */
export function useImportCodebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCodebookFile,
    onSuccess: (form) => {
      queryClient.setQueryData(formQueryKey(form.id), form);
      void queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY, exact: true });
    },
  });
}
