import type { AdminForm } from '@formscribe/common/schemas/admin';
import { useAdminForms, useDeleteAdminForm } from '../../api/admin.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import type { TableColumn } from '../../components/ui/ResponsiveTable.tsx';
import { AdminListFrame, AdminRowActions } from './AdminListFrame.tsx';
import { dateText, identityCellStyles } from './adminListStyles.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditFormDialog } from './EditFormDialog.tsx';
import { useAdminList, useAdminRowDialogs } from './useAdminList.ts';

const COLUMNS: readonly TableColumn<AdminForm>[] = [
  {
    header: 'Form',
    cell: (form) => (
      <div css={identityCellStyles}>
        <span>{form.name}</span>
        {form.description && <span>{form.description.slice(0, 100)}</span>}
      </div>
    ),
  },
  {
    header: 'Owner',
    cell: (form) => (
      <div css={identityCellStyles}>
        <span>{form.owner.username}</span>
      </div>
    ),
  },
  {
    header: 'Status',
    cell: (form) => (
      <>
        <Badge tone={form.isActive ? 'success' : 'muted'}>{form.isActive ? 'Active' : 'Inactive'}</Badge>{' '}
        {!form.dataEntryActive && <Badge tone="muted">Entry paused</Badge>}
      </>
    ),
  },
  { header: 'Images', cell: (form) => `${form.completedImages} of ${form.totalImages} complete` },
  { header: 'Created', cell: (form) => dateText(form.createdAt) },
];

/** Every form, searched by its name or its owner and paged by the server; edit or delete it. */
export function AdminFormsTab() {
  const list = useAdminList(useAdminForms);
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } = useAdminRowDialogs<AdminForm>(
    useDeleteAdminForm(),
    'form',
  );

  return (
    <AdminListFrame
      noun="form"
      searchPlaceholder="Form name or owner's e-mail"
      list={list}
      rowsOf={(page) => page.forms}
      columns={COLUMNS}
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
          title="Delete Form"
          description={`Delete "${deleting.name}" of ${deleting.owner.username}, with every image, entry and invite? Its contributors lose it at once. This cannot be undone. Its audit trail is deleted with it.`}
          pending={deletePending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </AdminListFrame>
  );
}
