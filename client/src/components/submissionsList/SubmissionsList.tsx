import { css } from '@emotion/react';
import type { RefObject } from 'react';
import { SUBMISSIONS_PAGE_SIZE } from '../../api/submissions.ts';
import { useT } from '../../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { CardText } from '../ui/Card.tsx';
import { InlineAlert } from '../ui/InlineAlert.tsx';
import { Pager } from '../ui/Pager.tsx';
import { emptyStyles, toolbarStyles } from '../ui/pagedListStyles.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { CentredSpinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { SubmissionListItem } from './SubmissionListItem.tsx';
import { showingEntriesText, sortOptions } from './submissionListControls.ts';
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
  const words = useT();
  const { t } = words;
  const data = submissions.data;
  const emptyText = search ? t('progress.submissions.noMatch') : t('progress.submissions.none');
  return (
    <>
      <search css={toolbarStyles}>
        <TextField
          label={t('progress.submissions.searchLabel')}
          type="search"
          placeholder={t('progress.submissions.searchPlaceholder')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <SelectField
          label={t('progress.submissions.sortBy')}
          value={sort}
          options={sortOptions(words)}
          onChange={setSort}
          basis={variant === 'page' ? '14rem' : undefined}
        />
      </search>

      {submissions.isPending && <CentredSpinner label={t('progress.submissions.loading')} />}
      {submissions.isError &&
        (variant === 'page' ? (
          <div css={panelStyles}>
            <InlineAlert tone="error">{t('progress.submissions.loadFailed')}</InlineAlert>
            <Button onClick={() => void submissions.refetch()}>{t('progress.submissions.tryAgain')}</Button>
          </div>
        ) : (
          <InlineAlert tone="error">{t('progress.submissions.loadFailed')}</InlineAlert>
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
            aria-label={t('progress.submissions.listLabel')}
            aria-busy={submissions.isFetching}
          >
            {data.submissions.map((submission) => (
              <SubmissionListItem key={submission.id} submission={submission} focusAfterDelete={focusAfterDelete} />
            ))}
          </ul>
          <Pager
            label={t('progress.submissions.pagesLabel')}
            status={showingEntriesText(data.page, SUBMISSIONS_PAGE_SIZE, data.submissions.length, data.total, words)}
            page={page}
            totalPages={totalPages}
            onPageChange={setPage}
            before={<span>{t('common.pageOf', { page, pages: totalPages })}</span>}
          />
        </>
      )}
    </>
  );
}
