import { errorStatusCode, extractServerMessage } from '@formscribe/common/errorMessages';
import { RESET_TOKEN_TTL_MS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { forgotPasswordRequestSchema } from '@formscribe/common/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { requestPasswordReset } from '../../api/passwordRecovery.ts';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { Card, CardText, FormStack, PageTitle } from '../../components/ui/Card.tsx';
import { standaloneLinkStyles } from '../../components/ui/linkStyles.ts';
import { TextField } from '../../components/ui/TextField.tsx';
import { showToast } from '../../stores/toastStore.ts';

const RESET_LINK_LIFETIME_MINUTES = RESET_TOKEN_TTL_MS / 60_000;
const GENERIC_FAILURE = 'An error occurred. Please try again.';

/** A client-side problem (bad input, too many attempts) has a message worth showing; others get the generic line. */
function failureDescription(error: unknown): string {
  const status = errorStatusCode(error);
  if (status === null || status >= 500) return GENERIC_FAILURE;
  return extractServerMessage(error) || GENERIC_FAILURE;
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const sendResetLink = useMutation({ mutationFn: requestPasswordReset });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      // The spec has one message for this field, empty or malformed alike.
      setEmailError(MESSAGES.invalidEmail);
      return;
    }
    setEmailError(null);
    sendResetLink.mutate(parsed.data.email, {
      onError: (error) =>
        showToast({
          title: 'Failed to send reset email',
          description: failureDescription(error),
          variant: 'destructive',
        }),
    });
  }

  if (sendResetLink.isSuccess) {
    return (
      <CentredPageLayout>
        <Card>
          <PageTitle>Check Your Email</PageTitle>
          <CardText>{sendResetLink.data.message}</CardText>
          <CardText>
            The link in the email is valid for {RESET_LINK_LIFETIME_MINUTES} minutes. If nothing arrives, check your
            spam folder.
          </CardText>
          <Link to="/auth" css={buttonStyles('primary', true)}>
            Back to Login
          </Link>
        </Card>
      </CentredPageLayout>
    );
  }

  return (
    <CentredPageLayout>
      <Card>
        <PageTitle>Forgot your password?</PageTitle>
        <CardText>Enter the email address of your account and we'll send you a link to choose a new password.</CardText>
        <FormStack onSubmit={handleSubmit} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError}
            required
          />
          <Button type="submit" fullWidth disabled={sendResetLink.isPending}>
            {sendResetLink.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </FormStack>
        <Link to="/auth" css={standaloneLinkStyles}>
          Return to sign in
        </Link>
      </Card>
    </CentredPageLayout>
  );
}
