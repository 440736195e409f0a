import { extractServerMessage } from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { profileUpdateRequestSchema, type UserResponse } from '@formscribe/common/schemas/user';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useUpdateProfile } from '../../api/accountMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardText, CardTitle, FormStack } from '../../components/ui/Card.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { showToast } from '../../stores/toastStore.ts';

type FieldErrors = Partial<Record<'username' | 'name', string>>;

export function ProfileDetailsCard({ user }: { user: UserResponse }) {
  const updateProfile = useUpdateProfile();
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.username);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // Compared with what the server holds, so the button re-disables once a change is saved.
  const unchanged = name.trim() === (user.name ?? '') && email.trim().toLowerCase() === user.username;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileUpdateRequestSchema.safeParse({ username: email, name });
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors;
      // An empty address says "required" rather than "invalid": the spec's message for this field.
      setFieldErrors({
        username: email.trim() ? errors.username?.[0] : MESSAGES.emailRequired,
        name: errors.name?.[0],
      });
      return;
    }
    setFieldErrors({});
    updateProfile.mutate(parsed.data, {
      onSuccess: (updated) => {
        setEmail(updated.username);
        setName(updated.name ?? '');
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
      <FormStack onSubmit={handleSubmit} noValidate>
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
        <div>
          <Button type="submit" disabled={unchanged || updateProfile.isPending}>
            {updateProfile.isPending ? 'Updating...' : 'Update Profile'}
          </Button>
        </div>
      </FormStack>
    </Card>
  );
}
