import { extractServerMessage } from '@formscribe/common/errorMessages';
import { type FormEvent, useState } from 'react';
import { useChangePassword } from '../../api/accountMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardTitle, FormStack } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { type PasswordChangeFields, passwordChangeProblem } from './passwordChangeValidation.ts';

const EMPTY_FIELDS: PasswordChangeFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const { t } = useT();
  const changePassword = useChangePassword();
  const [fields, setFields] = useState<PasswordChangeFields>(EMPTY_FIELDS);
  const [problem, setProblem] = useState<string | null>(null);

  function update(field: keyof PasswordChangeFields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = passwordChangeProblem(fields);
    setProblem(found);
    if (found) return;
    changePassword.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(EMPTY_FIELDS);
          const translator = currentTranslator();
          showToast({
            title: translator.t('account.changePassword.changedToast'),
            description: translator.t('account.changePassword.changedToastText'),
          });
        },
        onError: (error) =>
          showToast({
            title: currentTranslator().t('account.changePassword.failedToast'),
            description: translateServerMessage(extractServerMessage(error)) || undefined,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card>
      <CardTitle>{t('account.changePassword.title')}</CardTitle>
      <FormStack onSubmit={handleSubmit} noValidate>
        {problem && <InlineAlert tone="error">{translateServerMessage(problem)}</InlineAlert>}
        <TextField
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={fields.currentPassword}
          onChange={(event) => update('currentPassword', event.target.value)}
        />
        <TextField
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          value={fields.newPassword}
          onChange={(event) => update('newPassword', event.target.value)}
        />
        <TextField
          label={t('account.changePassword.confirm')}
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
        />
        <div>
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? t('account.changePassword.submitting') : t('account.changePassword.submit')}
          </Button>
        </div>
      </FormStack>
    </Card>
  );
}
