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
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { useT } from '../../../i18n/useT.ts';
import { DisagreementDialog } from '../disagreements/DisagreementDialog.tsx';
import { ConsolidatedTable } from './ConsolidatedTable.tsx';
import { consolidatedSortOptions, type FilterChoice, filterOptions } from './dataControls.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { IiifManifestLink } from './IiifManifestLink.tsx';

const viewStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

/** 'Page 2 of 5 (93 images)'. */
export function consolidatedPageText(page: number, totalPages: number, total: number): string {
  return currentTranslator().t('ownerTabs.data.pageStatus', { page, pages: totalPages, count: total });
}

/** The Consolidated sub-tab: each image's agreed values, searchable, filtered, sorted, paged and exportable. */
export function ConsolidatedView({ form }: { form: FormResponse }) {
  const { t } = useT();
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
          label={t('common.search')}
          type="search"
          placeholder={t('ownerTabs.data.searchPlaceholder')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <SelectField
          label={t('ownerTabs.data.filter')}
          value={filter}
          options={filterOptions(t)}
          onChange={setFilter}
        />
        <SelectField
          label={t('ownerTabs.data.sortBy')}
          value={sort}
          options={consolidatedSortOptions(t)}
          onChange={setSort}
        />
        <div css={{ alignSelf: 'flex-end', marginInlineStart: 'auto', maxWidth: '100%' }}>
          <ExportMenu form={form} />
        </div>
      </search>
      <IiifManifestLink form={form} />

      {consolidated.isPending && <CentredSpinner label={t('ownerTabs.data.loading')} />}
      {consolidated.isError && <InlineAlert tone="error">{t('ownerTabs.data.loadFailed')}</InlineAlert>}
      {data && data.total === 0 && (
        <p css={emptyStyles}>
          {search || filter !== 'all' ? t('ownerTabs.data.noMatch') : t('ownerTabs.data.noImages')}
        </p>
      )}
      {data && data.rows.length > 0 && (
        <>
          <ConsolidatedTable
            formId={form.id}
            columns={data.columns}
            rows={data.rows}
            stale={consolidated.isPlaceholderData}
            caption={t('ownerTabs.data.caption', { status: consolidatedPageText(data.page, totalPages, data.total) })}
            onReview={setReviewing}
          />
          <Pager
            label={t('ownerTabs.data.pagesLabel')}
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
