import { extractServerMessage } from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { profileDetailsSchema, type UserResponse } from '@formscribe/common/schemas/user';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useUpdateProfile } from '../../api/accountMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardText, CardTitle, FormStack } from '../../components/ui/Card.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { showToast } from '../../stores/toastStore.ts';

type FieldErrors = Partial<Record<'username' | 'name' | 'currentPassword', string>>;

export function ProfileDetailsCard({ user }: { user: UserResponse }) {
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
        showToast({ title: 'Profile updated', description: 'Your profile has been saved.' });
      },
      onError: (error) =>
        showToast({
          title: 'Failed to update profile',
          description: extractServerMessage(error) || undefined,
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card>
      <CardTitle>Account Details</CardTitle>
      <CardText>Your email address is also your username for signing in.</CardText>
      <FormStack onSubmit={handleSubmit} noValidate aria-label="Account details">
        <TextField
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.username}
          required
        />
        {emailChanged && (
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            hint="Changing your email address needs your current password."
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={fieldErrors.currentPassword}
            required
          />
        )}
        <div>
          <Button type="submit" disabled={unchanged || updateProfile.isPending}>
            {updateProfile.isPending ? 'Updating...' : 'Update Profile'}
          </Button>
        </div>
      </FormStack>
    </Card>
  );
}
