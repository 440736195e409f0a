import { css } from '@emotion/react';
import type { ConsolidatedSort } from '@formscribe/common/schemas/consolidated';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useEffect, useState } from 'react';
import { CONSOLIDATED_PAGE_SIZE, useConsolidatedData } from '../../../api/consolidated.ts';
import { InlineAlert } from '../../../components/ui/InlineAlert.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { emptyStyles, toolbarStyles } from '../../../components/ui/pagedListStyles.ts';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { CentredSpinner } from '../../../components/ui/Spinner.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { usePageFor, useSettledValue } from '../../../components/ui/useSettledValue.ts';
import { DisagreementDialog } from '../disagreements/DisagreementDialog.tsx';
import { ConsolidatedTable } from './ConsolidatedTable.tsx';
import { CONSOLIDATED_SORT_OPTIONS, FILTER_OPTIONS, type FilterChoice } from './dataControls.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { IiifManifestLink } from './IiifManifestLink.tsx';

const viewStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

/** 'Page 2 of 5 (93 images)'. */
export function consolidatedPageText(page: number, totalPages: number, total: number): string {
  return `Page ${page} of ${totalPages} (${total} ${total === 1 ? 'image' : 'images'})`;
}

/** The Consolidated sub-tab: each image's agreed values, searchable, filtered, sorted, paged and exportable. */
export function ConsolidatedView({ form }: { form: FormResponse }) {
  const [searchText, setSearchText] = useState('');
  const search = useSettledValue(searchText.trim());
  const [filter, setFilter] = useState<FilterChoice>('all');
  const [sort, setSort] = useState<ConsolidatedSort>('filename');
  const [page, setPage] = usePageFor(`${filter}\n${sort}\n${search}`);
  const [reviewing, setReviewing] = useState<{ imageId: number; filename: string } | null>(null);
  const consolidated = useConsolidatedData(form.id, {
    filter: filter === 'all' ? undefined : filter,
    sort,
    search,
    page,
    limit: CONSOLIDATED_PAGE_SIZE,
  });
  const data = consolidated.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  // Rows that leave the filter (e.g. after an export) can empty the last page: step back.
  const pastLastPage = data !== undefined && !consolidated.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (pastLastPage) setPage(totalPages);
  }, [pastLastPage, totalPages, setPage]);

  return (
    <div css={viewStyles}>
      <search css={toolbarStyles}>
        <TextField
          label="Search"
          type="search"
          placeholder="Search by image name"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <SelectField label="Filter" value={filter} options={FILTER_OPTIONS} onChange={setFilter} />
        <SelectField label="Sort by" value={sort} options={CONSOLIDATED_SORT_OPTIONS} onChange={setSort} />
        <div css={{ alignSelf: 'flex-end', marginLeft: 'auto', maxWidth: '100%' }}>
          <ExportMenu form={form} />
        </div>
      </search>
      <IiifManifestLink form={form} />

      {consolidated.isPending && <CentredSpinner label="Loading consolidated data" />}
      {consolidated.isError && (
        <InlineAlert tone="error">We couldn't load the consolidated data. Please try again.</InlineAlert>
      )}
      {data && data.total === 0 && (
        <p css={emptyStyles}>
          {search || filter !== 'all' ? 'No images match these filters.' : 'No images uploaded yet.'}
        </p>
      )}
      {data && data.rows.length > 0 && (
        <>
          <ConsolidatedTable
            formId={form.id}
            columns={data.columns}
            rows={data.rows}
            stale={consolidated.isPlaceholderData}
            caption={`Consolidated data, ${consolidatedPageText(data.page, totalPages, data.total)}`}
            onReview={setReviewing}
          />
          <Pager
            label="Consolidated data pages"
            status={consolidatedPageText(page, totalPages, data.total)}
            page={page}
            totalPages={totalPages}
            onPageChange={setPage}
          />
        </>
      )}
      {reviewing && (
        <DisagreementDialog
          formId={form.id}
          imageId={reviewing.imageId}
          imageName={reviewing.filename}
          open
          onOpenChange={(open) => {
            if (!open) setReviewing(null);
          }}
        />
      )}
    </div>
  );
}
