import type { AdminForm } from '@formscribe/common/schemas/admin';
import { useState } from 'react';
import { useAdminForms, useDeleteAdminForm } from '../../api/admin.ts';
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
import { EditFormDialog } from './EditFormDialog.tsx';
import { totalText } from './superAdminDefaults.ts';

/** Every form, searched by its name or its owner and paged by the server; edit or delete it. */
export function AdminFormsTab() {
  const [search, setSearch] = useState('');
  const settled = useSettledValue(search);
  const [page, setPage] = usePageFor(settled);
  const forms = useAdminForms({ search: settled, page });
  const [editing, setEditing] = useState<AdminForm | null>(null);
  const [deleting, setDeleting] = useState<AdminForm | null>(null);
  const deleteForm = useDeleteAdminForm();

  function confirmDelete(form: AdminForm) {
    deleteForm.mutate(form.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast({ title: 'Form deleted successfully' });
      },
      onError: () => showToast({ title: 'Failed to delete form', variant: 'destructive' }),
    });
  }

  const data = forms.data;
  return (
    <div css={tabStackStyles}>
      <div css={toolbarStyles}>
        <TextField
          label="Search forms"
          type="search"
          placeholder="Form name or owner's e-mail"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {forms.isError && <InlineAlert tone="error">Failed to load forms</InlineAlert>}
      {!data && forms.isPending && <Spinner label="Loading forms" />}
      {data && data.forms.length === 0 && <p css={emptyStyles}>No forms found</p>}
      {data && data.forms.length > 0 && (
        <div css={tableWrapStyles}>
          <table css={tableStyles(forms.isPlaceholderData)} aria-label="Forms" aria-busy={forms.isFetching}>
            <thead>
              <tr>
                <th scope="col">Form</th>
                <th scope="col">Owner</th>
                <th scope="col">Status</th>
                <th scope="col">Images</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span css={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.forms.map((form) => (
                <tr key={form.id} aria-label={form.name}>
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
                  <td>
                    <div css={actionsCellStyles}>
                      <Button variant="secondary" onClick={() => setEditing(form)} aria-label={`Edit ${form.name}`}>
                        Edit
                      </Button>
                      <Button variant="danger" onClick={() => setDeleting(form)} aria-label={`Delete ${form.name}`}>
                        Delete
                      </Button>
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
          label="Form pages"
          status={`Page ${data.page} of ${data.totalPages} (${totalText(data, 'form')})`}
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={setPage}
        />
      )}
      {editing && <EditFormDialog form={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete Form"
          description={`Delete "${deleting.name}" of ${deleting.owner.username}, with every image, entry and invite? Its contributors lose it at once. This cannot be undone.`}
          pending={deleteForm.isPending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </div>
  );
}
