import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useDeleteForm } from '../../../api/forms.ts';
import { serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { SentenceWith } from './SentenceWith.tsx';
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
  const { t } = useT();
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
        title: t('owner.danger.deleteFailed'),
        description: translateServerMessage(serverMessageOr(error, t('owner.tryAgain'))),
        variant: 'destructive',
      });
      return;
    }
    showToast({ title: t('owner.danger.deleted') });
    onDeleted();
    void navigate({ to: '/' });
  }

  return (
    <section css={zoneStyles} aria-labelledby="danger-zone-heading">
      <h3 id="danger-zone-heading">{t('owner.danger.title')}</h3>
      <p>
        <SentenceWith
          format={(name) => t('owner.danger.consequences', { name })}
          element={<strong>{form.name}</strong>}
        />
      </p>
      <p>{t('owner.danger.auditTrail')}</p>
      <TextField
        label={t('owner.danger.confirmLabel')}
        hint={t('owner.danger.confirmHint', { name: form.name })}
        value={typedName}
        onChange={(event) => setTypedName(event.target.value)}
        autoComplete="off"
      />
      <div>
        <Button variant="danger" onClick={() => void deleteNow()} disabled={!confirmed || deleteForm.isPending}>
          {t(deleteForm.isPending ? 'owner.danger.deleting' : 'owner.danger.deleteForm')}
        </Button>
      </div>
    </section>
  );
}
