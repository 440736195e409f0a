import { css } from '@emotion/react';
import { needsEmailVerification, useCurrentUser } from '../../api/currentUser.ts';
import { PageTitle } from '../../components/ui/Card.tsx';
import { EmailVerificationBanner } from './EmailVerificationBanner.tsx';
import { FormListPlaceholder } from './FormListPlaceholder.tsx';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/** The signed-in home: the user's forms, behind a banner while the e-mail is unverified. */
export function DashboardPage() {
  // Polls every 5 s only while the banner shows, so it disappears soon after the link is used.
  const { data: user } = useCurrentUser({ pollWhileUnverified: true });
  return (
    <div css={pageStyles}>
      <PageTitle>Forms</PageTitle>
      {user && needsEmailVerification(user) && <EmailVerificationBanner email={user.username} />}
      <FormListPlaceholder />
    </div>
  );
}
