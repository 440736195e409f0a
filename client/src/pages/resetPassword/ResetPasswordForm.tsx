import { extractServerMessage } from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { resetPasswordRequestSchema } from '@formscribe/common/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { resetPassword } from '../../api/passwordRecovery.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormStack } from '../../components/ui/Card.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';

interface ResetPasswordFormProps {
  token: string;
  onReset: (message: string) => void;
}

export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const { t } = useT();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmationError, setConfirmationError] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: () => resetPassword(token, password) });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordRequestSchema.safeParse({ token, password });
    const passwordProblem = parsed.success ? null : (z.flattenError(parsed.error).fieldErrors.password?.[0] ?? null);
    const confirmationProblem = confirmation === password ? null : MESSAGES.passwordsDontMatch;
    setPasswordError(passwordProblem);
    setConfirmationError(confirmationProblem);
    if (passwordProblem || confirmationProblem) return;
    reset.mutate(undefined, {
      onSuccess: ({ message }) => onReset(message),
      onError: (error) =>
        showToast({
          title: currentTranslator().t('account.reset.failedToast'),
          description: translateServerMessage(extractServerMessage(error)) || undefined,
          variant: 'destructive',
        }),
    });
  }

  return (
    <FormStack onSubmit={handleSubmit} noValidate>
      <TextField
        label={t('account.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordError && translateServerMessage(passwordError)}
        required
      />
      <TextField
        label={t('account.reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={confirmationError && translateServerMessage(confirmationError)}
        required
      />
      <Button type="submit" fullWidth disabled={reset.isPending}>
        {reset.isPending ? t('account.reset.submitting') : t('account.reset.submit')}
      </Button>
    </FormStack>
  );
}
