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
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';

/** After a successful verification the dashboard follows on its own (spec section 2). */
export const REDIRECT_AFTER_VERIFICATION_MS = 3000;

export function VerifyEmailPage() {
  const { token } = useSearch({ from: '/verify-email' });
  if (!token) return <VerificationFailed message={MESSAGES.noVerificationToken} />;
  return <VerifyEmailWithToken token={token} />;
}

function VerifyEmailWithToken({ token }: { token: string }) {
  const { t } = useT();
  const verification = useQuery(verifyEmailQueryOptions(token));
  if (verification.isPending) return <CentredSpinner label={t('account.verify.verifying')} />;
  if (verification.isError) {
    return (
      <VerificationFailed
        announce
        message={extractServerMessage(verification.error) || t('account.verify.genericFailure')}
      />
    );
  }
  return <EmailVerified />;
}

function EmailVerified() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const announced = useRef(false);

  useEffect(() => {
    // Once per verification, even when StrictMode repeats the effect.
    if (announced.current) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    const translator = currentTranslator();
    showToast({
      title: translator.t('account.verify.verifiedToast'),
      description: translator.t('account.verify.verifiedToastText'),
    });
  }, [queryClient]);

  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/' }), REDIRECT_AFTER_VERIFICATION_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <CentredPageLayout>
      <Card role="status">
        <PageTitle>{t('account.verify.verifiedTitle')}</PageTitle>
        <CardText>{t('account.verify.verifiedText')}</CardText>
        <Link to="/" css={buttonStyles('primary', true)}>
          {t('account.verify.goToDashboard')}
        </Link>
      </Card>
    </CentredPageLayout>
  );
}

/** `announce`: the link was tried and refused, which the 'Verification failed' toast also says. */
function VerificationFailed({ message, announce = false }: { message: string; announce?: boolean }) {
  const { t } = useT();
  const { data: user } = useCurrentUser();
  const announced = useRef(false);
  useEffect(() => {
    // Once per failure, even when StrictMode repeats the effect.
    if (!announce || announced.current) return;
    announced.current = true;
    showToast({
      title: currentTranslator().t('account.verify.failedToast'),
      description: translateServerMessage(message),
      variant: 'destructive',
    });
  }, [announce, message]);
  return (
    <CentredPageLayout>
      <Card role="alert">
        <PageTitle>{t('account.verify.failedTitle')}</PageTitle>
        <CardText>{translateServerMessage(message)}</CardText>
        <ButtonRow>
          {user && !user.emailVerified && <ResendVerificationButton label={t('account.verify.resend')} />}
          <Link to="/" css={buttonStyles(user && !user.emailVerified ? 'secondary' : 'primary')}>
            {t('account.verify.backToDashboard')}
          </Link>
        </ButtonRow>
      </Card>
    </CentredPageLayout>
  );
}
