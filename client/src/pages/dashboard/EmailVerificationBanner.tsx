import { css } from '@emotion/react';
import { Link } from '@tanstack/react-router';
import { useResendVerificationEmail } from '../../api/emailVerification.ts';
import { showVerificationSentToast } from '../../components/ResendVerificationButton.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ButtonRow } from '../../components/ui/Card.tsx';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';

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
  const resend = useResendVerificationEmail();

  function resendEmail() {
    resend.mutate(undefined, {
      onSuccess: showVerificationSentToast,
      onError: () =>
        showToast({ title: 'Failed to Send Email', description: 'Please try again later.', variant: 'destructive' }),
    });
  }

  return (
    <section css={bannerStyles}>
      <h2>Email verification required to create forms</h2>
      <p>
        We sent a verification link to <strong>{email}</strong>. Open it to start creating forms. You can already take
        part in forms shared with you.
      </p>
      <ButtonRow>
        <Button onClick={resendEmail} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend Email'}
        </Button>
        <Link to="/profile" css={buttonStyles('secondary')}>
          View Profile
        </Link>
      </ButtonRow>
    </section>
  );
}
