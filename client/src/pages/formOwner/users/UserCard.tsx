import { css } from '@emotion/react';
import { displayName } from '@formscribe/common/displayName';
import type { FormUser } from '@formscribe/common/schemas/formStats';
import { useState } from 'react';
import { useUnblockUser } from '../../../api/formStats.ts';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { factListStyles } from '../../../components/ui/factListStyles.ts';
import { errorText } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { BlockedBadge } from './BlockedBadge.tsx';
import { BlockUserDialog } from './BlockUserDialog.tsx';
import { formatActivity } from './userDisplay.ts';

const cardStyles = (blocked: boolean) => css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  height: 100%;
  padding: 1rem 1.125rem;
  ${cardSurfaceStyles};
  border-color: ${blocked ? theme.colors.dangerSoft : theme.colors.border};
`;

const identityStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  min-width: 0;
  h3 {
    font-size: ${theme.fontSizes.body};
    overflow-wrap: anywhere;
  }
`;

const mutedStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const badgesStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
`;

const actionsStyles = css`
  display: flex;
  justify-content: flex-end;
  margin-top: auto;
`;

/** One person of the form: who, how much, when last; their badges; Block User or Unblock. */
export function UserCard({ formId, person }: { formId: number; person: FormUser }) {
  const { t, number } = useT();
  const [blocking, setBlocking] = useState(false);
  const unblockUser = useUnblockUser(formId);
  const name = displayName(person.user);

  function unblock() {
    unblockUser.mutate(person.user.id, {
      onSuccess: () => showToast({ title: t('ownerTabs.users.unblockedToast') }),
      onError: (error) =>
        showToast({
          title: t('ownerTabs.users.unblockFailed'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  }

  return (
    <article css={cardStyles(person.isBlocked)} aria-label={person.user.username}>
      <div css={identityStyles}>
        <h3>{name}</h3>
        {name !== person.user.username && <span css={mutedStyles}>{person.user.username}</span>}
      </div>
      <div css={badgesStyles}>
        {person.isCreator ? (
          <Badge tone="primary">{t('ownerTabs.users.formCreator')}</Badge>
        ) : (
          <Badge tone="neutral">{t('ownerTabs.users.contributor')}</Badge>
        )}
        {person.isBlocked && <BlockedBadge />}
      </div>
      <dl css={factListStyles}>
        <dt>{t('ownerTabs.data.submissions')}</dt>
        <dd>{number(person.submissions)}</dd>
        <dt>{t('ownerTabs.users.lastActivity')}</dt>
        <dd>
          {person.lastActivity ? (
            <time dateTime={person.lastActivity}>{formatActivity(person.lastActivity)}</time>
          ) : (
            t('ownerTabs.users.noneYet')
          )}
        </dd>
        {person.isBlocked && person.blockReason && (
          <>
            <dt>{t('ownerTabs.users.reason')}</dt>
            <dd>{person.blockReason}</dd>
          </>
        )}
        {person.isBlocked && (
          <>
            <dt>{t('ownerTabs.imageCard.entries')}</dt>
            <dd>{person.entriesDropped ? t('ownerTabs.users.notCounted') : t('ownerTabs.users.stillCounted')}</dd>
          </>
        )}
      </dl>
      {!person.isCreator && (
        <div css={actionsStyles}>
          {person.isBlocked ? (
            <Button variant="secondary" onClick={unblock} disabled={unblockUser.isPending}>
              {unblockUser.isPending ? t('ownerTabs.users.unblocking') : t('ownerTabs.users.unblock')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setBlocking(true)}>
              {t('ownerTabs.users.blockUser')}
            </Button>
          )}
        </div>
      )}
      <BlockUserDialog formId={formId} person={person} open={blocking} onOpenChange={setBlocking} />
    </article>
  );
}
