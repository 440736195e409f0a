/**
 * What the super admin's Users and Forms tabs show alike: the search box, the failure, loading and
 * empty states, the table with its header row, and the pager. Each tab brings its own columns,
 * rows and dialogs; the wording comes from the list's noun ("Search forms", "No forms found").
 */
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { Pager } from '../../components/ui/Pager.tsx';
import { emptyStyles, toolbarStyles } from '../../components/ui/pagedListStyles.ts';
import { ResponsiveTable, type TableColumn } from '../../components/ui/ResponsiveTable.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useT } from '../../i18n/useT.ts';
import { actionsCellStyles, tableStyles, tabStackStyles } from './adminListStyles.ts';
import { totalText } from './superAdminDefaults.ts';
import type { AdminList, AdminListNoun } from './useAdminList.ts';

interface ListPage {
  page: number;
  totalPages: number;
  total: number;
  totalIsCapped: boolean;
}

interface AdminListFrameProps<Page extends ListPage, Row extends { id: number }> {
  noun: AdminListNoun;
  searchPlaceholder: string;
  list: AdminList<Page>;
  rowsOf: (page: Page) => readonly Row[];
  /** The columns before the last one, which holds the row's actions. */
  columns: readonly TableColumn<Row>[];
  /** Names a row for screen readers (the account's e-mail, the form's name). */
  rowLabel: (row: Row) => string;
  /** The row's buttons (AdminRowActions), under a header only screen readers read. */
  rowActions: (row: Row) => ReactNode;
  /** The tab's dialogs. */
  children?: ReactNode;
}

export function AdminListFrame<Page extends ListPage, Row extends { id: number }>({
  noun,
  searchPlaceholder,
  list,
  rowsOf,
  columns,
  rowLabel,
  rowActions,
  children,
}: AdminListFrameProps<Page, Row>) {
  const words = useT();
  const { t } = words;
  const allColumns = [...columns, { header: t('progress.admin.actions'), headerHidden: true, cell: rowActions }];
  const { query } = list;
  const data = query.data;
  const rows = data ? rowsOf(data) : [];
  return (
    <div css={tabStackStyles}>
      <div css={toolbarStyles}>
        <TextField
          label={t('progress.admin.search', { noun })}
          type="search"
          placeholder={searchPlaceholder}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
      </div>
      {query.isError && <InlineAlert tone="error">{t('progress.admin.loadFailed', { noun })}</InlineAlert>}
      {!data && query.isPending && <Spinner label={t('progress.admin.loading', { noun })} />}
      {data && rows.length === 0 && <p css={emptyStyles}>{t('progress.admin.noneFound', { noun })}</p>}
      {rows.length > 0 && (
        <ResponsiveTable
          label={t('progress.admin.tableLabel', { noun })}
          columns={allColumns}
          rows={rows}
          rowKey={(row) => row.id}
          rowLabel={rowLabel}
          framed
          busy={query.isFetching}
          tableStyles={tableStyles(query.isPlaceholderData)}
        />
      )}
      {data && (
        <Pager
          label={t('progress.admin.pagesLabel', { noun })}
          status={t('progress.admin.pageStatus', {
            page: data.page,
            pages: data.totalPages,
            total: totalText(data, noun, words),
          })}
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={list.setPage}
        />
      )}
      {children}
    </div>
  );
}

/** What a row's last cell holds: Edit, and Delete where the row may be deleted, each naming the row. */
export function AdminRowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const { t } = useT();
  return (
    <div css={actionsCellStyles}>
      <Button variant="secondary" onClick={onEdit} aria-label={t('progress.admin.editRow', { name })}>
        {t('common.edit')}
      </Button>
      {onDelete && (
        <Button variant="danger" onClick={onDelete} aria-label={t('progress.admin.deleteRow', { name })}>
          {t('common.delete')}
        </Button>
      )}
    </div>
  );
}
