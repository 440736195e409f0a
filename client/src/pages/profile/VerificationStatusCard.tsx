import { css } from '@emotion/react';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { ResendVerificationButton } from '../../components/ResendVerificationButton.tsx';
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { theme } from '../../theme/theme.ts';

function badgeStyles(verified: boolean) {
  return css`
    align-self: flex-start;
    padding: 0.125rem 0.625rem;
    border-radius: ${theme.radii.round};
    font-size: ${theme.fontSizes.small};
    font-weight: 600;
    background: ${verified ? theme.colors.successSoft : theme.colors.warningSoft};
    color: ${verified ? theme.colors.success : theme.colors.warning};
  `;
}

export function VerificationStatusCard({ user }: { user: UserResponse }) {
  return (
    <Card>
      <CardTitle>Email Verification</CardTitle>
      <span css={badgeStyles(user.emailVerified)}>{user.emailVerified ? 'Verified' : 'Not verified'}</span>
      {user.emailVerified ? (
        <CardText>Your email address is confirmed; you can create and manage forms.</CardText>
      ) : (
        <>
          <CardText>Verify {user.username} to create forms. Didn't get the email, or did the link expire?</CardText>
          <div>
            <ResendVerificationButton label="Resend Email" />
          </div>
        </>
      )}
    </Card>
  );
}
