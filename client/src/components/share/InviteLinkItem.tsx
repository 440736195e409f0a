import { css } from '@emotion/react';
import type { InviteResponse } from '@formscribe/common/schemas/invite';
import { type RefObject, useRef, useState } from 'react';
import { useDeleteInvite } from '../../api/invites.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { serverMessageOr } from '../toasts/upgradeToasts.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { buttonStyles } from '../ui/buttonStyles.ts';
import { ButtonRow } from '../ui/Card.tsx';
import { DialogFrame } from '../ui/DialogFrame.tsx';
import { insetBoxStyles } from '../ui/surfaceStyles.ts';
import { textInputStyles } from '../ui/textInputStyles.ts';
import { copyText } from './copyToClipboard.ts';
import { isExpired } from './inviteExpiry.ts';

const itemStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem;
  ${insetBoxStyles};
  background: ${theme.colors.surfaceMuted};
`;

const urlRowStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const urlStyles = css`
  ${textInputStyles};
  flex: 1 1 14rem;
  min-width: 0;
  min-height: 2.5rem;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${theme.fontSizes.small};
`;

const metaStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 1rem;
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
`;

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** One invite link: its URL (selectable), when it was made and expires, Copy Link and Delete. */
export function InviteLinkItem({ invite }: { invite: InviteResponse }) {
  const urlField = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const expired = isExpired(invite.expiresAt);

  async function copy() {
    const outcome = await copyText(invite.url, urlField.current);
    if (outcome === 'copied') showToast({ title: 'Invitation link copied to clipboard' });
    else showToast({ title: 'Link selected', description: 'Press Ctrl+C (⌘C on a Mac) to copy it.' });
  }

  return (
    <li css={itemStyles}>
      <div css={urlRowStyles}>
        <input
          ref={urlField}
          css={urlStyles}
          value={invite.url}
          readOnly
          aria-label="Invite link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy Link
        </Button>
        <button
          ref={deleteButton}
          type="button"
          css={[buttonStyles('ghost'), { color: theme.colors.danger }]}
          onClick={() => setConfirmingDelete(true)}
        >
          Delete
        </button>
      </div>
      <p css={metaStyles}>
        <span>Created {formatDateTime(invite.createdAt)}</span>
        <span>{invite.expiresAt ? `Expires ${formatDateTime(invite.expiresAt)}` : 'Never expires'}</span>
        {expired && <Badge tone="muted">Expired</Badge>}
      </p>
      {/* Once the link is gone, so is this button; the Share dialog then keeps focus itself. */}
      <DeleteInviteDialog
        invite={invite}
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        returnFocusTo={deleteButton}
      />
    </li>
  );
}

interface DeleteInviteDialogProps {
  invite: InviteResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

function DeleteInviteDialog({ invite, open, onOpenChange, returnFocusTo }: DeleteInviteDialogProps) {
  const deleteInvite = useDeleteInvite(invite.formId);

  function confirmDelete() {
    deleteInvite.mutate(invite.id, {
      onSuccess: () => {
        onOpenChange(false);
        showToast({ title: 'Invite link deleted successfully' });
      },
      onError: (error) =>
        showToast({
          title: 'Error',
          description: serverMessageOr(error, 'Failed to delete invite link'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Invite Link"
      description="The link will stop working for anyone who has not used it yet. People who already joined keep their access."
      maxWidth="28rem"
      returnFocusTo={returnFocusTo}
    >
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirmDelete} disabled={deleteInvite.isPending}>
          {deleteInvite.isPending ? 'Deleting...' : 'Delete Link'}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
