import { css } from '@emotion/react';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { ResendVerificationButton } from '../../components/ResendVerificationButton.tsx';
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { useT } from '../../i18n/useT.ts';
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
  const { t } = useT();
  return (
    <Card>
      <CardTitle>{t('account.verification.title')}</CardTitle>
      <span css={badgeStyles(user.emailVerified)}>
        {user.emailVerified ? t('account.verification.verified') : t('account.verification.notVerified')}
      </span>
      {user.emailVerified ? (
        <CardText>{t('account.verification.confirmedText')}</CardText>
      ) : (
        <>
          <CardText>{t('account.verification.pendingText', { email: user.username })}</CardText>
          <div>
            <ResendVerificationButton label={t('account.verification.resend')} />
          </div>
        </>
      )}
    </Card>
  );
}
