import { css } from '@emotion/react';
import type { RefObject } from 'react';
import { SUBMISSIONS_PAGE_SIZE } from '../../api/submissions.ts';
import { Button } from '../ui/Button.tsx';
import { CardText } from '../ui/Card.tsx';
import { InlineAlert } from '../ui/InlineAlert.tsx';
import { Pager } from '../ui/Pager.tsx';
import { emptyStyles, toolbarStyles } from '../ui/pagedListStyles.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { CentredSpinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { SubmissionListItem } from './SubmissionListItem.tsx';
import { SORT_OPTIONS, showingEntriesText } from './submissionListControls.ts';
import type { SubmissionsListState } from './useSubmissionsList.ts';

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

const panelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 3rem 1rem;
  text-align: center;
`;

interface SubmissionsListProps {
  list: SubmissionsListState;
  /** Where focus goes after a delete, once the deleted card (and its buttons) are gone. */
  focusAfterDelete: RefObject<HTMLHeadingElement | null>;
  /**
   * The full page has room for roomy panels and a Try Again button; the Data tab, a sub-tab
   * inside the form page, keeps its messages compact.
   */
  variant: 'page' | 'tab';
}

/** A form's submissions: search, sort, 10 a page, each with its view, edit and delete actions. */
export function SubmissionsList({ list, focusAfterDelete, variant }: SubmissionsListProps) {
  const { searchText, setSearchText, search, sort, setSort, page, setPage, totalPages, submissions } = list;
  const data = submissions.data;
  const emptyText = search ? 'No submissions match your search.' : 'No submissions yet.';
  return (
    <>
      <search css={toolbarStyles}>
        <TextField
          label="Search submissions"
          type="search"
          placeholder="Search by username or image name"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <SelectField
          label="Sort by"
          value={sort}
          options={SORT_OPTIONS}
          onChange={setSort}
          basis={variant === 'page' ? '14rem' : undefined}
        />
      </search>

      {submissions.isPending && <CentredSpinner label="Loading submissions" />}
      {submissions.isError &&
        (variant === 'page' ? (
          <div css={panelStyles}>
            <InlineAlert tone="error">We couldn't load the submissions. Please try again.</InlineAlert>
            <Button onClick={() => void submissions.refetch()}>Try Again</Button>
          </div>
        ) : (
          <InlineAlert tone="error">We couldn't load the submissions. Please try again.</InlineAlert>
        ))}
      {data &&
        data.total === 0 &&
        (variant === 'page' ? (
          <div css={panelStyles}>
            <CardText>{emptyText}</CardText>
          </div>
        ) : (
          <p css={emptyStyles}>{emptyText}</p>
        ))}
      {data && data.submissions.length > 0 && (
        <>
          <ul
            css={listStyles(submissions.isPlaceholderData)}
            aria-label="Submissions"
            aria-busy={submissions.isFetching}
          >
            {data.submissions.map((submission) => (
              <SubmissionListItem key={submission.id} submission={submission} focusAfterDelete={focusAfterDelete} />
            ))}
          </ul>
          <Pager
            label="Submission pages"
            status={showingEntriesText(data.page, SUBMISSIONS_PAGE_SIZE, data.submissions.length, data.total)}
            page={page}
            totalPages={totalPages}
            onPageChange={setPage}
            before={
              <span>
                Page {page} of {totalPages}
              </span>
            }
          />
        </>
      )}
    </>
  );
}
