import { extractServerMessage } from '@formscribe/common/errorMessages';
import { useResendVerificationEmail } from '../api/emailVerification.ts';
import { currentTranslator } from '../i18n/localeStore.ts';
import { translateServerMessage } from '../i18n/serverMessages.ts';
import { useT } from '../i18n/useT.ts';
import { showToast } from '../stores/toastStore.ts';
import { Button } from './ui/Button.tsx';
import type { ButtonVariant } from './ui/buttonStyles.ts';

/** The server's own words ("Verification email sent") would only repeat the title. */
export function showVerificationSentToast(): void {
  const { t } = currentTranslator();
  showToast({ title: t('app.verification.sentTitle'), description: t('app.verification.sentDescription') });
}

interface ResendVerificationButtonProps {
  label: string;
  variant?: ButtonVariant;
}

/**
 * Asks for a fresh verification e-mail. The server's reason for refusing (already verified,
 * too many requests) is worth showing, so failures say it (spec section 8's 'Error' toast).
 */
export function ResendVerificationButton({ label, variant = 'primary' }: ResendVerificationButtonProps) {
  const { t } = useT();
  const resend = useResendVerificationEmail();
  function resendEmail() {
    resend.mutate(undefined, {
      onSuccess: showVerificationSentToast,
      onError: (error) => {
        const message = extractServerMessage(error);
        showToast({
          title: t('app.toast.error'),
          description: message ? translateServerMessage(message) : t('app.verification.sendFailed'),
          variant: 'destructive',
        });
      },
    });
  }
  return (
    <Button variant={variant} onClick={resendEmail} disabled={resend.isPending}>
      {resend.isPending ? t('app.verification.sending') : label}
    </Button>
  );
}
