import { css } from '@emotion/react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { PageTitle } from '../../components/ui/Card.tsx';
import { ApiTokensCard } from './ApiTokensCard.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { ProfileDetailsCard } from './ProfileDetailsCard.tsx';
import { VerificationStatusCard } from './VerificationStatusCard.tsx';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  max-width: 640px;
`;

/** Name, e-mail, password and verification status of the signed-in user (guarded route). */
export function ProfilePage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div css={pageStyles}>
      <PageTitle>Profile</PageTitle>
      <ProfileDetailsCard user={user} />
      <VerificationStatusCard user={user} />
      <ChangePasswordCard />
      <ApiTokensCard user={user} />
    </div>
  );
}
