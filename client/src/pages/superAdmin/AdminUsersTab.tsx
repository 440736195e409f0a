import { countText } from '@formscribe/common/countText';
import type { AdminUser } from '@formscribe/common/schemas/admin';
import { useAdminUsers, useDeleteAdminUser } from '../../api/admin.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import type { TableColumn } from '../../components/ui/ResponsiveTable.tsx';
import { AdminListFrame, AdminRowActions } from './AdminListFrame.tsx';
import { dateText, identityCellStyles } from './adminListStyles.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { useAdminList, useAdminRowDialogs } from './useAdminList.ts';

const COLUMNS: readonly TableColumn<AdminUser>[] = [
  {
    header: 'User',
    cell: (user) => (
      <div css={identityCellStyles}>
        <span>{user.username}</span>
        {user.name && <span>{user.name}</span>}
      </div>
    ),
  },
  {
    header: 'Plan',
    cell: (user) => (
      <>
        <Badge tone={user.subscriptionStatus === 'free' ? 'neutral' : 'primary'}>{user.subscriptionStatus}</Badge>{' '}
        {user.stripeTestMode && <Badge tone="muted">test mode</Badge>}{' '}
        {user.isAdmin && <Badge tone="success">Super Admin</Badge>}
      </>
    ),
  },
  { header: 'Forms', cell: (user) => user.formCount },
  {
    header: 'Limits',
    cell: (user) =>
      `${countText(user.activeFormLimit, 'form')} · ${countText(user.imageCountLimitPerForm, 'image')} · ${user.imageSizeLimitMB} MB`,
  },
  { header: 'Joined', cell: (user) => dateText(user.createdAt) },
];

/** Every account, searched and paged by the server; edit its plan and limits, or delete it. */
export function AdminUsersTab() {
  const list = useAdminList(useAdminUsers);
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } = useAdminRowDialogs<AdminUser>(
    useDeleteAdminUser(),
    'user',
  );

  return (
    <AdminListFrame
      noun="user"
      searchPlaceholder="E-mail or name"
      list={list}
      rowsOf={(page) => page.users}
      columns={COLUMNS}
      rowLabel={(user) => user.username}
      rowActions={(user) => (
        // The super admin account is not offered for deletion.
        <AdminRowActions
          name={user.username}
          onEdit={() => setEditing(user)}
          onDelete={user.isAdmin ? undefined : () => setDeleting(user)}
        />
      )}
    >
      {editing && <EditUserDialog user={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete User"
          description={`Delete ${deleting.username}? Their sessions end now and their own forms are deleted with every image. Their entries on other owners' forms stay, shown as 'Deleted user'. This cannot be undone.`}
          pending={deletePending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </AdminListFrame>
  );
}
