import type { SubmissionSort } from '@formscribe/common/schemas/submission';
import { useEffect, useState } from 'react';
import { DEFAULT_SUBMISSION_SORT, useFormSubmissionsPage } from '../../api/submissions.ts';
import { usePageFor, useSettledValue } from '../ui/useSettledValue.ts';

/**
 * The search, sort and page of a form's submissions list, and the page they fetch. A hook of its
 * own because the Submissions page checks the query's error (403/404) before drawing anything.
 */
export function useSubmissionsList(formId: number) {
  const [searchText, setSearchText] = useState('');
  const search = useSettledValue(searchText.trim());
  const [sort, setSort] = useState<SubmissionSort>(DEFAULT_SUBMISSION_SORT);
  // The page belongs to one search and sort: changing either starts again at page 1.
  const [page, setPage] = usePageFor(`${sort}\n${search}`);
  const submissions = useFormSubmissionsPage(formId, { page, sort, search });
  const data = submissions.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  // Deleting the last submission of the last page leaves that page empty: step back.
  const pastLastPage = data !== undefined && !submissions.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (pastLastPage) setPage(totalPages);
  }, [pastLastPage, totalPages, setPage]);

  return { searchText, setSearchText, search, sort, setSort, page, setPage, totalPages, submissions };
}

export type SubmissionsListState = ReturnType<typeof useSubmissionsList>;
