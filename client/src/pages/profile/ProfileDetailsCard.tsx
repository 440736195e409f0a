import { extractServerMessage } from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { profileDetailsSchema, type UserResponse } from '@formscribe/common/schemas/user';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useUpdateProfile } from '../../api/accountMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardText, CardTitle, FormStack } from '../../components/ui/Card.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';

type FieldErrors = Partial<Record<'username' | 'name' | 'currentPassword', string>>;

export function ProfileDetailsCard({ user }: { user: UserResponse }) {
  const { t } = useT();
  const updateProfile = useUpdateProfile();
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.username);
  const [currentPassword, setCurrentPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // Compared with what the server holds, so the button re-disables once a change is saved.
  const emailChanged = email.trim().toLowerCase() !== user.username;
  const unchanged = name.trim() === (user.name ?? '') && !emailChanged;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server asks for the password only with a new e-mail; it is never sent otherwise.
    const parsed = profileDetailsSchema.safeParse({
      username: email,
      name,
      ...(emailChanged ? { currentPassword } : {}),
    });
    const missingPassword = emailChanged && !currentPassword;
    if (!parsed.success || missingPassword) {
      const errors = parsed.success ? {} : z.flattenError(parsed.error).fieldErrors;
      // An empty address says "required" rather than "invalid": the spec's message for this field.
      setFieldErrors({
        username: email.trim() ? errors.username?.[0] : MESSAGES.emailRequired,
        name: errors.name?.[0],
        currentPassword: missingPassword ? MESSAGES.currentPasswordRequiredForEmail : errors.currentPassword?.[0],
      });
      return;
    }
    setFieldErrors({});
    updateProfile.mutate(parsed.data, {
      onSuccess: (updated) => {
        setEmail(updated.username);
        setName(updated.name ?? '');
        setCurrentPassword('');
        const translator = currentTranslator();
        showToast({
          title: translator.t('account.profile.updatedToast'),
          description: translator.t('account.profile.updatedToastText'),
        });
      },
      onError: (error) =>
        showToast({
          title: currentTranslator().t('account.profile.updateFailedToast'),
          description: translateServerMessage(extractServerMessage(error)) || undefined,
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card>
      <CardTitle>{t('account.profile.detailsTitle')}</CardTitle>
      <CardText>{t('account.profile.detailsText')}</CardText>
      <FormStack onSubmit={handleSubmit} noValidate aria-label={t('account.profile.detailsFormLabel')}>
        <TextField
          label={t('account.profile.name')}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name && translateServerMessage(fieldErrors.name)}
        />
        <TextField
          label={t('account.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.username && translateServerMessage(fieldErrors.username)}
          required
        />
        {emailChanged && (
          <TextField
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            hint={t('account.profile.passwordForEmailHint')}
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={fieldErrors.currentPassword && translateServerMessage(fieldErrors.currentPassword)}
            required
          />
        )}
        <div>
          <Button type="submit" disabled={unchanged || updateProfile.isPending}>
            {updateProfile.isPending ? t('account.profile.updating') : t('account.profile.update')}
          </Button>
        </div>
      </FormStack>
    </Card>
  );
}
