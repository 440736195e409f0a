/**
 * What the super admin's Users and Forms tabs show alike: the search box, the failure, loading and
 * empty states, the table with its header row, and the pager. Each tab brings its own columns,
 * rows and dialogs; the wording comes from the list's noun ("Search forms", "No forms found").
 */
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { Pager } from '../../components/ui/Pager.tsx';
import { emptyStyles, toolbarStyles } from '../../components/ui/pagedListStyles.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { visuallyHidden } from '../../components/ui/visuallyHidden.ts';
import { actionsCellStyles, tableStyles, tableWrapStyles, tabStackStyles } from './adminListStyles.ts';
import { totalText } from './superAdminDefaults.ts';
import { type AdminList, type AdminListNoun, capitalised } from './useAdminList.ts';

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
  /** Header cells before the last one, which holds the row's actions. */
  columns: readonly string[];
  renderRow: (row: Row) => ReactNode;
  /** The tab's dialogs. */
  children?: ReactNode;
}

export function AdminListFrame<Page extends ListPage, Row extends { id: number }>({
  noun,
  searchPlaceholder,
  list,
  rowsOf,
  columns,
  renderRow,
  children,
}: AdminListFrameProps<Page, Row>) {
  const { query } = list;
  const data = query.data;
  const rows = data ? rowsOf(data) : [];
  return (
    <div css={tabStackStyles}>
      <div css={toolbarStyles}>
        <TextField
          label={`Search ${noun}s`}
          type="search"
          placeholder={searchPlaceholder}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
      </div>
      {query.isError && <InlineAlert tone="error">{`Failed to load ${noun}s`}</InlineAlert>}
      {!data && query.isPending && <Spinner label={`Loading ${noun}s`} />}
      {data && rows.length === 0 && <p css={emptyStyles}>{`No ${noun}s found`}</p>}
      {rows.length > 0 && (
        <div css={tableWrapStyles}>
          <table
            css={tableStyles(query.isPlaceholderData)}
            aria-label={`${capitalised(noun)}s`}
            aria-busy={query.isFetching}
          >
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">
                  <span css={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <Fragment key={row.id}>{renderRow(row)}</Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          label={`${capitalised(noun)} pages`}
          status={`Page ${data.page} of ${data.totalPages} (${totalText(data, noun)})`}
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={list.setPage}
        />
      )}
      {children}
    </div>
  );
}

/** A row's last cell: Edit, and Delete where the row may be deleted, each naming the row. */
export function AdminRowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  return (
    <td>
      <div css={actionsCellStyles}>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        {onDelete && (
          <Button variant="danger" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        )}
      </div>
    </td>
  );
}
