import { extractServerMessage } from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../api/currentUser.ts';
import { verifyEmailQueryOptions } from '../../api/emailVerification.ts';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { ResendVerificationButton } from '../../components/ResendVerificationButton.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ButtonRow, Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { showToast } from '../../stores/toastStore.ts';

/** After a successful verification the dashboard follows on its own (spec section 2). */
export const REDIRECT_AFTER_VERIFICATION_MS = 3000;

export function VerifyEmailPage() {
  const { token } = useSearch({ from: '/verify-email' });
  if (!token) return <VerificationFailed message={MESSAGES.noVerificationToken} />;
  return <VerifyEmailWithToken token={token} />;
}

function VerifyEmailWithToken({ token }: { token: string }) {
  const verification = useQuery(verifyEmailQueryOptions(token));
  if (verification.isPending) return <CentredSpinner label="Verifying your email" />;
  if (verification.isError) {
    return (
      <VerificationFailed
        announce
        message={extractServerMessage(verification.error) || 'An error occurred during verification'}
      />
    );
  }
  return <EmailVerified />;
}

function EmailVerified() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const announced = useRef(false);

  useEffect(() => {
    // Once per verification, even when StrictMode repeats the effect.
    if (announced.current) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    showToast({ title: 'Email Verified', description: 'You can now create and manage forms.' });
  }, [queryClient]);

  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/' }), REDIRECT_AFTER_VERIFICATION_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <CentredPageLayout>
      <Card role="status">
        <PageTitle>Email Verified!</PageTitle>
        <CardText>Your email address is confirmed. Taking you to your dashboard...</CardText>
        <Link to="/" css={buttonStyles('primary', true)}>
          Go to Dashboard
        </Link>
      </Card>
    </CentredPageLayout>
  );
}

/** `announce`: the link was tried and refused, which the 'Verification failed' toast also says. */
function VerificationFailed({ message, announce = false }: { message: string; announce?: boolean }) {
  const { data: user } = useCurrentUser();
  const announced = useRef(false);
  useEffect(() => {
    // Once per failure, even when StrictMode repeats the effect.
    if (!announce || announced.current) return;
    announced.current = true;
    showToast({ title: 'Verification failed', description: message, variant: 'destructive' });
  }, [announce, message]);
  return (
    <CentredPageLayout>
      <Card role="alert">
        <PageTitle>Verification Failed</PageTitle>
        <CardText>{message}</CardText>
        <ButtonRow>
          {user && !user.emailVerified && <ResendVerificationButton label="Resend Verification Email" />}
          <Link to="/" css={buttonStyles(user && !user.emailVerified ? 'secondary' : 'primary')}>
            Back to Dashboard
          </Link>
        </ButtonRow>
      </Card>
    </CentredPageLayout>
  );
}
