import { css } from '@emotion/react';
import { errorStatusCode } from '@formscribe/common/errorMessages';
import type { SubmissionSort } from '@formscribe/common/schemas/submission';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from '../../api/forms.ts';
import { DEFAULT_SUBMISSION_SORT, SUBMISSIONS_PAGE_SIZE, useFormSubmissionsPage } from '../../api/submissions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { CardText, PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { theme } from '../../theme/theme.ts';
import { SubmissionListItem } from './SubmissionListItem.tsx';
import { SEARCH_DEBOUNCE_MS, SORT_OPTIONS, showingEntriesText } from './submissionListControls.ts';

const routeApi = getRouteApi('/signed-in/forms/$formId/submissions');

function parseFormId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const headerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.75rem;
`;

const subtitleStyles = css`
  margin: 0.25rem 0 0;
  color: ${theme.colors.textMuted};
`;

const toolbarStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.75rem 1rem;
  & > :first-of-type {
    flex: 1 1 16rem;
  }
`;

const selectFieldStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  flex: 0 1 14rem;
  label {
    font-weight: 600;
    font-size: ${theme.fontSizes.small};
  }
  select {
    min-height: 2.5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.small};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    font: inherit;
    &:focus {
      outline: none;
      border-color: ${theme.colors.focus};
      box-shadow: ${theme.focusRing};
    }
  }
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

const footerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const panelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 3rem 1rem;
  text-align: center;
`;

/** /forms/{id}/submissions: every submission of a form, for its managers. */
export function FormSubmissionsPage() {
  const { formId: raw } = routeApi.useParams();
  const formId = parseFormId(raw);
  if (formId === null) return <SubmissionsUnavailable forbidden={false} />;
  return <FormSubmissions key={formId} formId={formId} />;
}

/** The search box's text, settled for SEARCH_DEBOUNCE_MS before it is sent. */
function useSettledValue(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function FormSubmissions({ formId }: { formId: number }) {
  const form = useForm(formId);
  const [searchText, setSearchText] = useState('');
  const search = useSettledValue(searchText.trim());
  const [sort, setSort] = useState<SubmissionSort>(DEFAULT_SUBMISSION_SORT);
  // The page belongs to one search and sort: changing either starts again at page 1.
  const filterKey = `${sort}\n${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const submissions = useFormSubmissionsPage(formId, { page, sort, search });
  const sortId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const data = submissions.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  // Deleting the last submission of the last page leaves that page empty: step back.
  const pastLastPage = data !== undefined && !submissions.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (pastLastPage) setPaging((current) => ({ ...current, page: totalPages }));
  }, [pastLastPage, totalPages]);

  if (submissions.isError) {
    const status = errorStatusCode(submissions.error);
    if (status === 403 || status === 404) return <SubmissionsUnavailable forbidden={status === 403} />;
  }

  return (
    <div css={pageStyles}>
      <div css={headerStyles}>
        <div>
          {/* Focusable from script only: where focus lands after a deleted item's buttons are gone. */}
          <PageTitle ref={heading} tabIndex={-1} css={{ '&:focus': { outline: 'none' } }}>
            Form Submissions
          </PageTitle>
          {form.data && <p css={subtitleStyles}>{form.data.name}</p>}
        </div>
        <Link
          to="/forms/$formId"
          params={{ formId: String(formId) }}
          search={{ tab: 'data' }}
          css={buttonStyles('secondary')}
        >
          Back to Form
        </Link>
      </div>

      <search css={toolbarStyles}>
        <TextField
          label="Search submissions"
          type="search"
          placeholder="Search by username or image name"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <div css={selectFieldStyles}>
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as SubmissionSort)}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </search>

      {submissions.isPending && <CentredSpinner label="Loading submissions" />}
      {submissions.isError && (
        <div css={panelStyles}>
          <InlineAlert tone="error">We couldn't load the submissions. Please try again.</InlineAlert>
          <Button onClick={() => void submissions.refetch()}>Try Again</Button>
        </div>
      )}
      {data && data.total === 0 && (
        <div css={panelStyles}>
          <CardText>{search ? 'No submissions match your search.' : 'No submissions yet.'}</CardText>
        </div>
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
          <nav css={footerStyles} aria-label="Submission pages">
            <span aria-live="polite">
              {showingEntriesText(data.page, SUBMISSIONS_PAGE_SIZE, data.submissions.length, data.total)}
            </span>
            <div css={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
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

/** The API's 404 (no such form, or not visible) or 403 (visible, but not managed by this user). */
function SubmissionsUnavailable({ forbidden }: { forbidden: boolean }) {
  return (
    <section css={panelStyles}>
      <PageTitle>{forbidden ? 'Access Denied' : 'Form not found'}</PageTitle>
      <CardText>
        {forbidden
          ? "You don't have permission to view this form's submissions."
          : 'The form may have been deleted, or you may not have access to it.'}
      </CardText>
      <Link to="/" css={buttonStyles('primary')}>
        Back to Forms
      </Link>
    </section>
  );
}
