import { extractServerMessage } from '@formscribe/common/errorMessages';
import { useResendVerificationEmail } from '../api/emailVerification.ts';
import { showToast } from '../stores/toastStore.ts';
import { Button } from './ui/Button.tsx';
import type { ButtonVariant } from './ui/buttonStyles.ts';

/** The server's own words ("Verification email sent") would only repeat the title. */
export function showVerificationSentToast(): void {
  showToast({ title: 'Verification Email Sent', description: 'Check your inbox for the link; it may take a minute.' });
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
  const resend = useResendVerificationEmail();
  function resendEmail() {
    resend.mutate(undefined, {
      onSuccess: showVerificationSentToast,
      onError: (error) =>
        showToast({
          title: 'Error',
          description: extractServerMessage(error) || 'Failed to send verification email',
          variant: 'destructive',
        }),
    });
  }
  return (
    <Button variant={variant} onClick={resendEmail} disabled={resend.isPending}>
      {resend.isPending ? 'Sending...' : label}
    </Button>
  );
}
