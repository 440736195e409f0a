import { css } from '@emotion/react';
import type { SubmissionSort } from '@formscribe/common/schemas/submission';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_SUBMISSION_SORT, SUBMISSIONS_PAGE_SIZE, useFormSubmissionsPage } from '../../../api/submissions.ts';
import { visuallyHidden } from '../../../components/forms/visuallyHidden.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { CentredSpinner } from '../../../components/ui/Spinner.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { SubmissionListItem } from '../../formSubmissions/SubmissionListItem.tsx';
import { SORT_OPTIONS, showingEntriesText } from '../../formSubmissions/submissionListControls.ts';
import { emptyStyles, pagerButtonsStyles, pagerStyles, toolbarStyles } from './dataStyles.ts';
import { SelectField } from './SelectField.tsx';
import { usePageFor, useSettledValue } from './useSettledValue.ts';

const viewStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const listStyles = (stale: boolean) => css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  opacity: ${stale ? 0.6 : 1};
  transition: opacity 120ms ease;
`;

/** The Submissions sub-tab: every entry, 10 a page, searchable by username or image name. */
export function SubmissionsView({ formId }: { formId: number }) {
  const [searchText, setSearchText] = useState('');
  const search = useSettledValue(searchText.trim());
  const [sort, setSort] = useState<SubmissionSort>(DEFAULT_SUBMISSION_SORT);
  const [page, setPage] = usePageFor(`${sort}\n${search}`);
  const submissions = useFormSubmissionsPage(formId, { page, sort, search });
  const data = submissions.data;
  // Where focus goes after a delete, once the deleted card (and its buttons) are gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  // Deleting the last submission of the last page leaves that page empty: step back.
  const pastLastPage = data !== undefined && !submissions.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (pastLastPage) setPage(totalPages);
  }, [pastLastPage, totalPages, setPage]);

  return (
    <div css={viewStyles}>
      <h2 ref={heading} tabIndex={-1} css={visuallyHidden}>
        Submissions
      </h2>
      <search css={toolbarStyles}>
        <TextField
          label="Search submissions"
          type="search"
          placeholder="Search by username or image name"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <SelectField label="Sort by" value={sort} options={SORT_OPTIONS} onChange={setSort} />
      </search>

      {submissions.isPending && <CentredSpinner label="Loading submissions" />}
      {submissions.isError && (
        <InlineAlert tone="error">We couldn't load the submissions. Please try again.</InlineAlert>
      )}
      {data && data.total === 0 && (
        <p css={emptyStyles}>{search ? 'No submissions match your search.' : 'No submissions yet.'}</p>
      )}
      {data && data.submissions.length > 0 && (
        <>
          <ul
            css={listStyles(submissions.isPlaceholderData)}
            aria-label="Submissions"
            aria-busy={submissions.isFetching}
          >
            {data.submissions.map((submission) => (
              <SubmissionListItem key={submission.id} submission={submission} focusAfterDelete={heading} />
            ))}
          </ul>
          <nav css={pagerStyles} aria-label="Submission pages">
            <span aria-live="polite">
              {showingEntriesText(data.page, SUBMISSIONS_PAGE_SIZE, data.submissions.length, data.total)}
            </span>
            <div css={pagerButtonsStyles}>
              <span>
                Page {page} of {totalPages}
              </span>
              <Button variant="secondary" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                Previous
              </Button>
              <Button variant="secondary" onClick={() => setPage(page + 1)} disabled={page >= totalPages}>
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
