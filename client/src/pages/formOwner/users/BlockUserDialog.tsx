import { css } from '@emotion/react';
import type { FormUser } from '@formscribe/common/schemas/formStats';
import { type FormEvent, useState } from 'react';
import { useBlockUser } from '../../../api/formStats.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ButtonRow } from '../../../components/ui/Card.tsx';
import { CheckboxField } from '../../../components/ui/CheckboxField.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { TextAreaField } from '../../../components/ui/TextAreaField.tsx';
import { errorText } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
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
  margin: 0;
  margin-inline-start: 1.75rem;
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
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('ownerTabs.users.blockUser')}
      description={t('ownerTabs.users.blockDescription', { name: person.user.username })}
    >
      {/* Radix mounts the content only while open, so each opening starts with an empty form. */}
      <BlockUserForm formId={formId} person={person} onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function BlockUserForm({ formId, person, onDone }: { formId: number; person: FormUser; onDone: () => void }) {
  const { t } = useT();
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
          showToast({ title: t('ownerTabs.users.blockedToast') });
          onDone();
        },
        onError: (error) =>
          showToast({
            title: t('ownerTabs.users.blockFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form css={formStyles} onSubmit={submit}>
      <TextAreaField
        label={t('ownerTabs.users.reasonOptional')}
        rows={BLOCK_REASON_ROWS}
        maxLength={BLOCK_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div css={optionStyles}>
        <CheckboxField
          label={t('ownerTabs.users.dropEntries')}
          checked={dropEntries}
          onCheckedChange={setDropEntries}
        />
        <p css={hintStyles}>{t('ownerTabs.users.dropEntriesHint')}</p>
      </div>
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={blockUser.isPending}>
          {blockUser.isPending ? t('ownerTabs.users.blocking') : t('ownerTabs.users.blockUser')}
        </Button>
      </ButtonRow>
    </form>
  );
}
