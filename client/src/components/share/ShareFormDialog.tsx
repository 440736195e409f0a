import { css } from '@emotion/react';
import type { RefObject } from 'react';
import { useFormInvites } from '../../api/invites.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { DialogFrame } from '../ui/DialogFrame.tsx';
import { InlineAlert } from '../ui/InlineAlert.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { CreateInviteForm } from './CreateInviteForm.tsx';
import { InviteLinkItem } from './InviteLinkItem.tsx';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
`;

const headingStyles = css`
  font-size: ${theme.fontSizes.body};
  margin: 0;
`;

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const emptyStyles = css`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
`;

interface ShareFormDialogProps {
  formId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close, e.g. the Actions menu's trigger (the Share item is gone by then). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The owner's Share Form dialog: create public invite links (optionally expiring), copy and delete them. */
export function ShareFormDialog({ formId, open, onOpenChange, returnFocusTo }: ShareFormDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('progress.share.title')}
      description={t('progress.share.description')}
      maxWidth="40rem"
      returnFocusTo={returnFocusTo}
    >
      {/* Radix mounts the content only while open, so the links are fetched only then. */}
      <CreateInviteForm formId={formId} />
      <InviteLinks formId={formId} />
    </DialogFrame>
  );
}

function InviteLinks({ formId }: { formId: number }) {
  const { t } = useT();
  const invites = useFormInvites(formId);
  return (
    <section css={sectionStyles} aria-labelledby="invite-links-heading">
      <h3 id="invite-links-heading" css={headingStyles}>
        {t('progress.share.inviteLinks')}
      </h3>
      {invites.isPending && <Spinner label={t('progress.share.loading')} />}
      {invites.isError && <InlineAlert tone="error">{t('progress.share.loadFailed')}</InlineAlert>}
      {invites.data?.length === 0 && <p css={emptyStyles}>{t('progress.share.none')}</p>}
      {invites.data && invites.data.length > 0 && (
        <ul css={listStyles} aria-labelledby="invite-links-heading">
          {invites.data.map((invite) => (
            <InviteLinkItem key={invite.id} invite={invite} />
          ))}
        </ul>
      )}
    </section>
  );
}
