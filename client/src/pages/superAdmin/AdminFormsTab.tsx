import type { Translator } from '@formscribe/common/i18n/translator';
import type { AdminForm } from '@formscribe/common/schemas/admin';
import { useAdminForms, useDeleteAdminForm } from '../../api/admin.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import type { TableColumn } from '../../components/ui/ResponsiveTable.tsx';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { useT } from '../../i18n/useT.ts';
import { AdminListFrame, AdminRowActions } from './AdminListFrame.tsx';
import { dateText, identityCellStyles } from './adminListStyles.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditFormDialog } from './EditFormDialog.tsx';
import { useAdminList, useAdminRowDialogs } from './useAdminList.ts';

function columns(words: Translator<MessageKey>): TableColumn<AdminForm>[] {
  const { t } = words;
  return [
    {
      header: t('progress.admin.columnForm'),
      cell: (form) => (
        <div css={identityCellStyles}>
          <span>{form.name}</span>
          {form.description && <span>{form.description.slice(0, 100)}</span>}
        </div>
      ),
    },
    {
      header: t('progress.admin.columnOwner'),
      cell: (form) => (
        <div css={identityCellStyles}>
          <span>{form.owner.username}</span>
        </div>
      ),
    },
    {
      header: t('progress.admin.columnStatus'),
      cell: (form) => (
        <>
          <Badge tone={form.isActive ? 'success' : 'muted'}>
            {form.isActive ? t('progress.admin.active') : t('progress.admin.inactive')}
          </Badge>{' '}
          {!form.dataEntryActive && <Badge tone="muted">{t('progress.admin.entryPaused')}</Badge>}
        </>
      ),
    },
    {
      header: t('progress.admin.columnImages'),
      cell: (form) => t('progress.admin.imagesComplete', { completed: form.completedImages, total: form.totalImages }),
    },
    { header: t('progress.admin.columnCreated'), cell: (form) => dateText(form.createdAt, words) },
  ];
}

/** Every form, searched by its name or its owner and paged by the server; edit or delete it. */
export function AdminFormsTab() {
  const words = useT();
  const { t } = words;
  const list = useAdminList(useAdminForms);
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } = useAdminRowDialogs<AdminForm>(
    useDeleteAdminForm(),
    'form',
  );

  return (
    <AdminListFrame
      noun="form"
      searchPlaceholder={t('progress.admin.formSearchPlaceholder')}
      list={list}
      rowsOf={(page) => page.forms}
      columns={columns(words)}
      rowLabel={(form) => form.name}
      rowActions={(form) => (
        <AdminRowActions name={form.name} onEdit={() => setEditing(form)} onDelete={() => setDeleting(form)} />
      )}
    >
      {editing && <EditFormDialog form={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('progress.admin.deleteFormTitle')}
          description={t('progress.admin.deleteFormDescription', {
            name: deleting.name,
            owner: deleting.owner.username,
          })}
          pending={deletePending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </AdminListFrame>
  );
}
