import { css } from '@emotion/react';
import type { InviteResponse } from '@formscribe/common/schemas/invite';
import { type RefObject, useRef, useState } from 'react';
import { useDeleteInvite } from '../../api/invites.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
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

/** One invite link: its URL (selectable), when it was made and expires, Copy Link and Delete. */
export function InviteLinkItem({ invite }: { invite: InviteResponse }) {
  const { t, date } = useT();
  const formatDateTime = (iso: string) => date(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const urlField = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const expired = isExpired(invite.expiresAt);

  async function copy() {
    const outcome = await copyText(invite.url, urlField.current);
    if (outcome === 'copied') showToast({ title: t('progress.share.copied') });
    else showToast({ title: t('progress.share.selected'), description: t('progress.share.selectedHint') });
  }

  return (
    <li css={itemStyles}>
      <div css={urlRowStyles}>
        <input
          ref={urlField}
          css={urlStyles}
          value={invite.url}
          readOnly
          aria-label={t('progress.share.inviteLink')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('progress.share.copyLink')}
        </Button>
        <button
          ref={deleteButton}
          type="button"
          css={[buttonStyles('ghost'), { color: theme.colors.danger }]}
          onClick={() => setConfirmingDelete(true)}
        >
          {t('common.delete')}
        </button>
      </div>
      <p css={metaStyles}>
        <span>{t('progress.share.createdAt', { date: formatDateTime(invite.createdAt) })}</span>
        <span>
          {invite.expiresAt
            ? t('progress.share.expiresAt', { date: formatDateTime(invite.expiresAt) })
            : t('progress.share.neverExpires')}
        </span>
        {expired && <Badge tone="muted">{t('progress.share.expired')}</Badge>}
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
  const { t } = useT();
  const deleteInvite = useDeleteInvite(invite.formId);

  function confirmDelete() {
    deleteInvite.mutate(invite.id, {
      onSuccess: () => {
        onOpenChange(false);
        showToast({ title: t('progress.share.deleted') });
      },
      onError: (error) =>
        showToast({
          title: t('progress.share.error'),
          description: translateServerMessage(serverMessageOr(error, t('progress.share.deleteFailed'))),
          variant: 'destructive',
        }),
    });
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('progress.share.deleteTitle')}
      description={t('progress.share.deleteDescription')}
      maxWidth="28rem"
      returnFocusTo={returnFocusTo}
    >
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={confirmDelete} disabled={deleteInvite.isPending}>
          {deleteInvite.isPending ? t('progress.share.deleting') : t('progress.share.deleteLink')}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
