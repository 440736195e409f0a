import { css } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { useCreateInvite } from '../../api/invites.ts';
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

export const EXPIRY_LABEL = 'Expiry date and time (optional)';

/** The expiry (empty: never expires) and Create Invite Link. */
export function CreateInviteForm({ formId }: { formId: number }) {
  const [expiry, setExpiry] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const createInvite = useCreateInvite(formId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const expiresAt = expiryInputToIso(expiry);
    if (expiresAt === undefined) {
      setExpiryError('Enter a complete date and time, or leave it empty.');
      return;
    }
    createInvite.mutate(expiresAt, {
      onSuccess: () => {
        setExpiry('');
        showToast({ title: 'Public invite link created successfully' });
      },
      onError: (error) =>
        showToast({
          title: 'Error',
          description: serverMessageOr(error, 'Failed to create invite link'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <form css={formStyles} onSubmit={submit} aria-label="Create invite link" noValidate>
      <TextField
        label={EXPIRY_LABEL}
        type="datetime-local"
        value={expiry}
        min={toDateTimeInputValue(new Date())}
        onChange={(event) => {
          setExpiry(event.target.value);
          setExpiryError(null);
        }}
        hint="Leave empty for a link that never expires."
        error={expiryError}
      />
      <Button type="submit" disabled={createInvite.isPending}>
        {createInvite.isPending ? 'Creating...' : 'Create Invite Link'}
      </Button>
    </form>
  );
}
