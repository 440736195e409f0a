import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { useResendVerificationEmail } from '../../api/emailVerification.ts';
import { showVerificationSentToast } from '../../components/ResendVerificationButton.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ButtonRow } from '../../components/ui/Card.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { aroundElement } from '../profile/aroundElement.ts';

const bannerStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  background: ${theme.colors.warningSoft};
  border: 1px solid ${theme.colors.warning};
  border-radius: ${theme.radii.medium};
  h2 {
    font-size: ${theme.fontSizes.body};
  }
  p {
    font-size: ${theme.fontSizes.small};
  }
`;

/** Unverified users may enter data but not create forms (spec section 6); this says how to fix that. */
export function EmailVerificationBanner({ email }: { email: string }) {
  const { t } = useT();
  const resend = useResendVerificationEmail();
  const sentTo = aroundElement((values) => t('account.dashboard.verificationSent', values), 'email');

  function resendEmail() {
    resend.mutate(undefined, {
      onSuccess: showVerificationSentToast,
      onError: () => {
        const toastWords = currentTranslator();
        showToast({
          title: toastWords.t('account.dashboard.sendFailedToast'),
          description: toastWords.t('account.unsubscribe.tryLater'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <section css={bannerStyles}>
      <h2>{t('account.dashboard.verificationRequired')}</h2>
      <p>
        {sentTo.before}
        <strong>{email}</strong>
        {sentTo.after}
      </p>
      <ButtonRow>
        <Button onClick={resendEmail} disabled={resend.isPending}>
          {resend.isPending ? t('account.forgot.sending') : t('account.verification.resend')}
        </Button>
        <Link to="/profile" css={buttonStyles('secondary')}>
          {t('account.dashboard.viewProfile')}
        </Link>
      </ButtonRow>
    </section>
  );
}
