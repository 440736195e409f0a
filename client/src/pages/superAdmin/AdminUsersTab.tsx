import type { Translator } from '@formscribe/common/i18n/translator';
import type { AdminUser } from '@formscribe/common/schemas/admin';
import { useAdminUsers, useDeleteAdminUser } from '../../api/admin.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import type { TableColumn } from '../../components/ui/ResponsiveTable.tsx';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { useT } from '../../i18n/useT.ts';
import { AdminListFrame, AdminRowActions } from './AdminListFrame.tsx';
import { dateText, identityCellStyles } from './adminListStyles.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { useAdminList, useAdminRowDialogs } from './useAdminList.ts';

function columns(words: Translator<MessageKey>): TableColumn<AdminUser>[] {
  const { t } = words;
  return [
    {
      header: t('progress.admin.columnUser'),
      cell: (user) => (
        <div css={identityCellStyles}>
          <span>{user.username}</span>
          {user.name && <span>{user.name}</span>}
        </div>
      ),
    },
    {
      header: t('progress.admin.columnPlan'),
      cell: (user) => (
        <>
          <Badge tone={user.subscriptionStatus === 'free' ? 'neutral' : 'primary'}>{user.subscriptionStatus}</Badge>{' '}
          {user.stripeTestMode && <Badge tone="muted">{t('progress.admin.testMode')}</Badge>}{' '}
          {user.isAdmin && <Badge tone="success">{t('progress.admin.superAdmin')}</Badge>}
        </>
      ),
    },
    { header: t('progress.admin.columnForms'), cell: (user) => words.number(user.formCount) },
    {
      header: t('progress.admin.columnLimits'),
      cell: (user) =>
        t('progress.admin.limits', {
          forms: user.activeFormLimit,
          images: user.imageCountLimitPerForm,
          size: user.imageSizeLimitMB,
        }),
    },
    { header: t('progress.admin.columnJoined'), cell: (user) => dateText(user.createdAt, words) },
  ];
}

/** Every account, searched and paged by the server; edit its plan and limits, or delete it. */
export function AdminUsersTab() {
  const words = useT();
  const { t } = words;
  const list = useAdminList(useAdminUsers);
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } = useAdminRowDialogs<AdminUser>(
    useDeleteAdminUser(),
    'user',
  );

  return (
    <AdminListFrame
      noun="user"
      searchPlaceholder={t('progress.admin.userSearchPlaceholder')}
      list={list}
      rowsOf={(page) => page.users}
      columns={columns(words)}
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
          title={t('progress.admin.deleteUserTitle')}
          description={t('progress.admin.deleteUserDescription', { name: deleting.username })}
          pending={deletePending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </AdminListFrame>
  );
}
