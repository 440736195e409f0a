import { css } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { useCreateInvite } from '../../api/invites.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { serverMessageOr } from '../toasts/upgradeToasts.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { expiryInputToIso, toDateTimeInputValue } from './inviteExpiry.ts';

const formStyles = css`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.75rem;
  & > :first-of-type {
    align-self: stretch;
  }
`;

/** The expiry (empty: never expires) and Create Invite Link. */
export function CreateInviteForm({ formId }: { formId: number }) {
  const { t } = useT();
  const [expiry, setExpiry] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const createInvite = useCreateInvite(formId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const expiresAt = expiryInputToIso(expiry);
    if (expiresAt === undefined) {
      setExpiryError(t('progress.share.expiryInvalid'));
      return;
    }
    createInvite.mutate(expiresAt, {
      onSuccess: () => {
        setExpiry('');
        showToast({ title: t('progress.share.created') });
      },
      onError: (error) =>
        showToast({
          title: t('progress.share.error'),
          description: translateServerMessage(serverMessageOr(error, t('progress.share.createFailed'))),
          variant: 'destructive',
        }),
    });
  }

  return (
    <form css={formStyles} onSubmit={submit} aria-label={t('progress.share.createFormLabel')} noValidate>
      <TextField
        label={t('progress.share.expiryLabel')}
        type="datetime-local"
        value={expiry}
        min={toDateTimeInputValue(new Date())}
        onChange={(event) => {
          setExpiry(event.target.value);
          setExpiryError(null);
        }}
        hint={t('progress.share.expiryHint')}
        error={expiryError}
      />
      <Button type="submit" disabled={createInvite.isPending}>
        {createInvite.isPending ? t('progress.share.creating') : t('progress.share.create')}
      </Button>
    </form>
  );
}
