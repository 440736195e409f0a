import type { AdminForm } from '@formscribe/common/schemas/admin';
import { useAdminForms, useDeleteAdminForm } from '../../api/admin.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { AdminListFrame, AdminRowActions } from './AdminListFrame.tsx';
import { dateText, identityCellStyles } from './adminListStyles.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditFormDialog } from './EditFormDialog.tsx';
import { useAdminList, useAdminRowDialogs } from './useAdminList.ts';

const COLUMNS = ['Form', 'Owner', 'Status', 'Images', 'Created'] as const;

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
      renderRow={(form) => (
        <tr aria-label={form.name}>
          <td>
            <div css={identityCellStyles}>
              <span>{form.name}</span>
              {form.description && <span>{form.description.slice(0, 100)}</span>}
            </div>
          </td>
          <td>
            <div css={identityCellStyles}>
              <span>{form.owner.username}</span>
            </div>
          </td>
          <td>
            <Badge tone={form.isActive ? 'success' : 'muted'}>{form.isActive ? 'Active' : 'Inactive'}</Badge>{' '}
            {!form.dataEntryActive && <Badge tone="muted">Entry paused</Badge>}
          </td>
          <td>
            {form.completedImages} of {form.totalImages} complete
          </td>
          <td>{dateText(form.createdAt)}</td>
          <AdminRowActions name={form.name} onEdit={() => setEditing(form)} onDelete={() => setDeleting(form)} />
        </tr>
      )}
    >
      {editing && <EditFormDialog form={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete Form"
          description={`Delete "${deleting.name}" of ${deleting.owner.username}, with every image, entry and invite? Its contributors lose it at once. This cannot be undone.`}
          pending={deletePending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </AdminListFrame>
  );
}
