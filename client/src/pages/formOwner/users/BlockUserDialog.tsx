import { css } from '@emotion/react';
import { normalizeErrorMessage } from '@formscribe/common/errorMessages';
import type { FormUser } from '@formscribe/common/schemas/formStats';
import { type FormEvent, useState } from 'react';
import { useBlockUser } from '../../../api/formStats.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ButtonRow } from '../../../components/ui/Card.tsx';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { TextAreaField } from '../../../components/ui/TextAreaField.tsx';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';

/** The block dialog's reason box is three rows (spec section 2). */
export const BLOCK_REASON_ROWS = 3;
const BLOCK_REASON_MAX_LENGTH = 1000;

const formStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const optionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;

const hintStyles = css`
  margin: 0 0 0 1.75rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

interface BlockUserDialogProps {
  formId: number;
  person: FormUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Block a user from the form, with an optional reason and the choice to stop counting their entries. */
export function BlockUserDialog({ formId, person, open, onOpenChange }: BlockUserDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Block User"
      description={`${person.user.username} will no longer be able to enter data for this form.`}
    >
      {/* Radix mounts the content only while open, so each opening starts with an empty form. */}
      <BlockUserForm formId={formId} person={person} onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function BlockUserForm({ formId, person, onDone }: { formId: number; person: FormUser; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [dropEntries, setDropEntries] = useState(false);
  const blockUser = useBlockUser(formId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    blockUser.mutate(
      { userId: person.user.id, reason: trimmed === '' ? null : trimmed, dropEntries },
      {
        onSuccess: () => {
          showToast({ title: 'User blocked' });
          onDone();
        },
        onError: (error) =>
          showToast({
            title: 'Failed to block user',
            description: normalizeErrorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form css={formStyles} onSubmit={submit}>
      <TextAreaField
        label="Reason (optional)"
        rows={BLOCK_REASON_ROWS}
        maxLength={BLOCK_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div css={optionStyles}>
        <CheckboxField label="Don't count their entries" checked={dropEntries} onCheckedChange={setDropEntries} />
        <p css={hintStyles}>
          Leaves this user's entries out of verification while they are blocked. Unblocking counts them again.
        </p>
      </div>
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={blockUser.isPending}>
          {blockUser.isPending ? 'Blocking...' : 'Block User'}
        </Button>
      </ButtonRow>
    </form>
  );
}
