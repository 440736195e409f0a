import { extractServerMessage } from '@formscribe/common/errorMessages';
import { type FormEvent, useState } from 'react';
import { useChangePassword } from '../../api/accountMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardTitle, FormStack } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { showToast } from '../../stores/toastStore.ts';
import { type PasswordChangeFields, passwordChangeProblem } from './passwordChangeValidation.ts';

const EMPTY_FIELDS: PasswordChangeFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
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
          showToast({ title: 'Password changed', description: 'Use your new password the next time you sign in.' });
        },
        onError: (error) =>
          showToast({
            title: 'Failed to change password',
            description: extractServerMessage(error) || undefined,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card>
      <CardTitle>Change Password</CardTitle>
      <FormStack onSubmit={handleSubmit} noValidate>
        {problem && <InlineAlert tone="error">{problem}</InlineAlert>}
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={fields.currentPassword}
          onChange={(event) => update('currentPassword', event.target.value)}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={fields.newPassword}
          onChange={(event) => update('newPassword', event.target.value)}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
        />
        <div>
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Changing Password...' : 'Change Password'}
          </Button>
        </div>
      </FormStack>
    </Card>
  );
}
