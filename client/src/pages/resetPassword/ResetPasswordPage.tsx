import { MESSAGES } from '@formscribe/common/messages';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { resetTokenQueryOptions } from '../../api/passwordRecovery.ts';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ButtonRow, Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

/** Steps of spec section 4: the token is verified, then the form, then the success view. */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reset-password' });
  if (!token) {
    return (
      <ResetLinkProblem
        title="Invalid Reset Link"
        explanation="This link is missing its reset token. Please request a new one."
      />
    );
  }
  return <ResetPasswordWithToken token={token} />;
}

function ResetPasswordWithToken({ token }: { token: string }) {
  const tokenCheck = useQuery(resetTokenQueryOptions(token));
  const [successMessage, setSuccessMessage] = useState<string | null>(null);

  if (tokenCheck.isPending) return <CentredSpinner label="Checking your reset link" />;
  if (successMessage !== null) {
    return (
      <CentredPageLayout>
        <Card>
          <PageTitle>Password Reset Successful</PageTitle>
          <CardText>{successMessage}</CardText>
          <Link to="/auth" css={buttonStyles('primary', true)}>
            Go to Login
          </Link>
        </Card>
      </CentredPageLayout>
    );
  }
  if (tokenCheck.isError || !tokenCheck.data.valid) {
    return <ResetLinkProblem title="Invalid or Expired Link" explanation={MESSAGES.resetTokenInvalid} />;
  }
  return (
    <CentredPageLayout>
      <Card>
        <PageTitle>Choose a new password</PageTitle>
        <ResetPasswordForm token={token} onReset={setSuccessMessage} />
      </Card>
    </CentredPageLayout>
  );
}

function ResetLinkProblem({ title, explanation }: { title: string; explanation: string }) {
  return (
    <CentredPageLayout>
      <Card role="alert">
        <PageTitle>{title}</PageTitle>
        <CardText>{explanation}</CardText>
        <ButtonRow>
          <Link to="/forgot-password" css={buttonStyles('primary')}>
            Request New Password Reset
          </Link>
          <Link to="/auth" css={buttonStyles('secondary')}>
            Go to Login
          </Link>
        </ButtonRow>
      </Card>
    </CentredPageLayout>
  );
}
