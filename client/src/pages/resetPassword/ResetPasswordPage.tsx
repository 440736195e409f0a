import { MESSAGES } from '@formscribe/common/messages';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { resetTokenQueryOptions } from '../../api/passwordRecovery.ts';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ButtonRow, Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

/** Steps of spec section 4: the token is verified, then the form, then the success view. */
export function ResetPasswordPage() {
  const { t } = useT();
  const { token } = useSearch({ from: '/reset-password' });
  if (!token) {
    return (
      <ResetLinkProblem
        title={t('account.reset.missingTokenTitle')}
        explanation={t('account.reset.missingTokenText')}
      />
    );
  }
  return <ResetPasswordWithToken token={token} />;
}

function ResetPasswordWithToken({ token }: { token: string }) {
  const { t } = useT();
  const tokenCheck = useQuery(resetTokenQueryOptions(token));
  const [successMessage, setSuccessMessage] = useState<string | null>(null);

  if (tokenCheck.isPending) return <CentredSpinner label={t('account.reset.checking')} />;
  if (successMessage !== null) {
    return (
      <CentredPageLayout>
        <Card>
          <PageTitle>{t('account.reset.successTitle')}</PageTitle>
          <CardText>{translateServerMessage(successMessage)}</CardText>
          <Link to="/auth" css={buttonStyles('primary', true)}>
            {t('account.goToLogin')}
          </Link>
        </Card>
      </CentredPageLayout>
    );
  }
  if (tokenCheck.isError || !tokenCheck.data.valid) {
    return (
      <ResetLinkProblem
        title={t('account.reset.invalidTitle')}
        explanation={translateServerMessage(MESSAGES.resetTokenInvalid)}
      />
    );
  }
  return (
    <CentredPageLayout>
      <Card>
        <PageTitle>{t('account.reset.title')}</PageTitle>
        <ResetPasswordForm token={token} onReset={setSuccessMessage} />
      </Card>
    </CentredPageLayout>
  );
}

function ResetLinkProblem({ title, explanation }: { title: string; explanation: string }) {
  const { t } = useT();
  return (
    <CentredPageLayout>
      <Card role="alert">
        <PageTitle>{title}</PageTitle>
        <CardText>{explanation}</CardText>
        <ButtonRow>
          <Link to="/forgot-password" css={buttonStyles('primary')}>
            {t('account.reset.requestNew')}
          </Link>
          <Link to="/auth" css={buttonStyles('secondary')}>
            {t('account.goToLogin')}
          </Link>
        </ButtonRow>
      </Card>
    </CentredPageLayout>
  );
}
