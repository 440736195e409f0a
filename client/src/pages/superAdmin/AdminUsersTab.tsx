import type { AdminUser } from '@formscribe/common/schemas/admin';
import { useState } from 'react';
import { useAdminUsers, useDeleteAdminUser } from '../../api/admin.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { Pager } from '../../components/ui/Pager.tsx';
import { emptyStyles, toolbarStyles } from '../../components/ui/pagedListStyles.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { usePageFor, useSettledValue } from '../../components/ui/useSettledValue.ts';
import { visuallyHidden } from '../../components/ui/visuallyHidden.ts';
import { showToast } from '../../stores/toastStore.ts';
import {
  actionsCellStyles,
  dateText,
  identityCellStyles,
  tableStyles,
  tableWrapStyles,
  tabStackStyles,
} from './adminListStyles.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { totalText } from './superAdminDefaults.ts';

/** Every account, searched and paged by the server; edit its plan and limits, or delete it. */
export function AdminUsersTab() {
  const [search, setSearch] = useState('');
  const settled = useSettledValue(search);
  const [page, setPage] = usePageFor(settled);
  const users = useAdminUsers({ search: settled, page });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const deleteUser = useDeleteAdminUser();

  function confirmDelete(user: AdminUser) {
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast({ title: 'User deleted successfully' });
      },
      onError: () => showToast({ title: 'Failed to delete user', variant: 'destructive' }),
    });
  }

  const data = users.data;
  return (
    <div css={tabStackStyles}>
      <div css={toolbarStyles}>
        <TextField
          label="Search users"
          type="search"
          placeholder="E-mail or name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {users.isError && <InlineAlert tone="error">Failed to load users</InlineAlert>}
      {!data && users.isPending && <Spinner label="Loading users" />}
      {data && data.users.length === 0 && <p css={emptyStyles}>No users found</p>}
      {data && data.users.length > 0 && (
        <div css={tableWrapStyles}>
          <table css={tableStyles(users.isPlaceholderData)} aria-label="Users" aria-busy={users.isFetching}>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Plan</th>
                <th scope="col">Forms</th>
                <th scope="col">Limits</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span css={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.id} aria-label={user.username}>
                  <td>
                    <div css={identityCellStyles}>
                      <span>{user.username}</span>
                      {user.name && <span>{user.name}</span>}
                    </div>
                  </td>
                  <td>
                    <Badge tone={user.subscriptionStatus === 'free' ? 'neutral' : 'primary'}>
                      {user.subscriptionStatus}
                    </Badge>{' '}
                    {user.stripeTestMode && <Badge tone="muted">test mode</Badge>}{' '}
                    {user.isAdmin && <Badge tone="success">Super Admin</Badge>}
                  </td>
                  <td>{user.formCount}</td>
                  <td>
                    {user.activeFormLimit} forms · {user.imageCountLimitPerForm} images · {user.imageSizeLimitMB} MB
                  </td>
                  <td>{dateText(user.createdAt)}</td>
                  <td>
                    <div css={actionsCellStyles}>
                      <Button variant="secondary" onClick={() => setEditing(user)} aria-label={`Edit ${user.username}`}>
                        Edit
                      </Button>
                      {!user.isAdmin && (
                        <Button
                          variant="danger"
                          onClick={() => setDeleting(user)}
                          aria-label={`Delete ${user.username}`}
                        >
                          Delete
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          label="User pages"
          status={`Page ${data.page} of ${data.totalPages} (${totalText(data, 'user')})`}
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={setPage}
        />
      )}
      {editing && <EditUserDialog user={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete User"
          description={`Delete ${deleting.username}? Their sessions end now and their own forms are deleted with every image. Their entries on other owners' forms stay, shown as 'Deleted user'. This cannot be undone.`}
          pending={deleteUser.isPending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </div>
  );
}
