/**
 * The state the super admin's Users and Forms tabs share: a search sent to the server once typing
 * settles, the page of its results, and the row whose edit or delete dialog is open.
 */
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminListParams } from '../../api/admin.ts';
import { usePageFor, useSettledValue } from '../../components/ui/useSettledValue.ts';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { showToast } from '../../stores/toastStore.ts';

/** What an admin list holds; its wording is chosen by it (ICU `select` in the catalogue). */
export type AdminListNoun = 'form' | 'user';

/** The search box's text, and the page of the settled search that `useListQuery` loads. */
export function useAdminList<Page>(useListQuery: (params: AdminListParams) => UseQueryResult<Page>) {
  const [search, setSearch] = useState('');
  const settled = useSettledValue(search);
  const [page, setPage] = usePageFor(settled);
  const query = useListQuery({ search: settled, page });
  return { search, setSearch, setPage, query };
}

export type AdminList<Page> = ReturnType<typeof useAdminList<Page>>;

/**
 * Which row's edit or delete dialog is open; `confirmDelete` closes the delete dialog once the
 * row is gone and says in a toast how it went.
 */
export function useAdminRowDialogs<Row extends { id: number }>(
  remove: UseMutationResult<void, Error, number>,
  noun: AdminListNoun,
) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  function confirmDelete(row: Row) {
    remove.mutate(row.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast({ title: currentTranslator().t('progress.admin.deleted', { noun }) });
      },
      onError: () =>
        showToast({ title: currentTranslator().t('progress.admin.deleteFailed', { noun }), variant: 'destructive' }),
    });
  }

  return { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending: remove.isPending };
}
