import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useDeleteForm } from '../../../api/forms.ts';
import { serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { deleteConfirmationMatches } from './settingsValues.ts';

const zoneStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem;
  border: 1px solid ${theme.colors.danger};
  border-radius: ${theme.radii.small};
  background: ${theme.colors.dangerSoft};
  h3 {
    font-size: ${theme.fontSizes.body};
    color: ${theme.colors.danger};
  }
  p {
    font-size: ${theme.fontSizes.small};
  }
`;

/** Deleting the form: confirmed by typing its exact name; afterwards the user is back on the dashboard. */
export function DangerZone({ form, onDeleted }: { form: FormResponse; onDeleted: () => void }) {
  const [typedName, setTypedName] = useState('');
  const deleteForm = useDeleteForm(form.id);
  const navigate = useNavigate();
  const confirmed = deleteConfirmationMatches(typedName, form.name);

  async function deleteNow() {
    if (!confirmed) return;
    // The awaited promise, not mutate()'s callbacks: once the form's cache entry is gone the page
    // shows "not found" and this dialog unmounts, and mutate()'s callbacks would never run.
    try {
      await deleteForm.mutateAsync();
    } catch (error) {
      showToast({
        title: 'Delete failed',
        description: serverMessageOr(error, 'Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    showToast({ title: 'Form deleted successfully' });
    onDeleted();
    void navigate({ to: '/' });
  }

  return (
    <section css={zoneStyles} aria-labelledby="danger-zone-heading">
      <h3 id="danger-zone-heading">Danger Zone</h3>
      <p>
        Deleting <strong>{form.name}</strong> removes its images, entries and invite links for good. This cannot be
        undone.
      </p>
      <p>The form's audit trail (the history of every change to its data) is deleted with it.</p>
      <TextField
        label="Type the form name to confirm"
        hint={`Type "${form.name}" exactly.`}
        value={typedName}
        onChange={(event) => setTypedName(event.target.value)}
        autoComplete="off"
      />
      <div>
        <Button variant="danger" onClick={() => void deleteNow()} disabled={!confirmed || deleteForm.isPending}>
          {deleteForm.isPending ? 'Deleting...' : 'Delete Form'}
        </Button>
      </div>
    </section>
  );
}
