import { css } from '@emotion/react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { PageTitle } from '../../components/ui/Card.tsx';
import { useT } from '../../i18n/useT.ts';
import { ApiTokensCard } from './ApiTokensCard.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { LanguageCard } from './LanguageCard.tsx';
import { ProfileDetailsCard } from './ProfileDetailsCard.tsx';
import { VerificationStatusCard } from './VerificationStatusCard.tsx';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  max-width: 640px;
`;

/** Name, e-mail, language, password and verification status of the signed-in user (guarded route). */
export function ProfilePage() {
  const { t } = useT();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div css={pageStyles}>
      <PageTitle>{t('account.profile.title')}</PageTitle>
      <ProfileDetailsCard user={user} />
      <LanguageCard />
      <VerificationStatusCard user={user} />
      <ChangePasswordCard />
      <ApiTokensCard user={user} />
    </div>
  );
}
