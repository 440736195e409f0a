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
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';

const RESET_LINK_LIFETIME_MINUTES = RESET_TOKEN_TTL_MS / 60_000;
/** A client-side problem (bad input, too many attempts) has a message worth showing; others get the generic line. */
function failureDescription(error: unknown): string {
  const status = errorStatusCode(error);
  const serverMessage = status === null || status >= 500 ? '' : extractServerMessage(error);
  return serverMessage ? translateServerMessage(serverMessage) : currentTranslator().t('account.forgot.genericFailure');
}

export function ForgotPasswordPage() {
  const { t } = useT();
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
          title: currentTranslator().t('account.forgot.failedToast'),
          description: failureDescription(error),
          variant: 'destructive',
        }),
    });
  }

  if (sendResetLink.isSuccess) {
    return (
      <CentredPageLayout>
        <Card>
          <PageTitle>{t('account.forgot.sentTitle')}</PageTitle>
          <CardText>{translateServerMessage(sendResetLink.data.message)}</CardText>
          <CardText>{t('account.forgot.linkLifetime', { minutes: RESET_LINK_LIFETIME_MINUTES })}</CardText>
          <Link to="/auth" css={buttonStyles('primary', true)}>
            {t('account.backToLogin')}
          </Link>
        </Card>
      </CentredPageLayout>
    );
  }

  return (
    <CentredPageLayout>
      <Card>
        <PageTitle>{t('account.forgot.title')}</PageTitle>
        <CardText>{t('account.forgot.intro')}</CardText>
        <FormStack onSubmit={handleSubmit} noValidate>
          <TextField
            label={t('account.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError && translateServerMessage(emailError)}
            required
          />
          <Button type="submit" fullWidth disabled={sendResetLink.isPending}>
            {sendResetLink.isPending ? t('account.forgot.sending') : t('account.forgot.send')}
          </Button>
        </FormStack>
        <Link to="/auth" css={standaloneLinkStyles}>
          {t('account.forgot.returnToSignIn')}
        </Link>
      </Card>
    </CentredPageLayout>
  );
}
