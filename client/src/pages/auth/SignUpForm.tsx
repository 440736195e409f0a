import { normalizeErrorMessage } from '@formscribe/common/errorMessages';
import { PASSWORD_MIN_LENGTH } from '@formscribe/common/limits';
import { registerRequestSchema } from '@formscribe/common/schemas/user';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useRegister } from '../../api/authMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormStack } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';

interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
}

type FieldErrors = Partial<Record<'username' | 'password' | 'name', string>>;

export function SignUpForm({ email, onEmailChange }: SignUpFormProps) {
  const register = useRegister();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = registerRequestSchema.safeParse({ username: email, password, name });
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors;
      setFieldErrors({ username: errors.username?.[0], password: errors.password?.[0], name: errors.name?.[0] });
      return;
    }
    setFieldErrors({});
    register.mutate(parsed.data, {
      onError: (error) => {
        // The spec only logs registration failures; saying why inline (e.g. the address is
        // already registered) keeps the user from guessing.
        console.error('Registration failed', error);
        setFormError(normalizeErrorMessage(error));
      },
    });
  }

  return (
    <FormStack onSubmit={handleSubmit} noValidate aria-label="Sign up">
      {formError && <InlineAlert tone="error">{formError}</InlineAlert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={fieldErrors.username}
        required
      />
      <TextField
        label="Full Name"
        autoComplete="name"
        hint="Optional"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
        required
      />
      <Button type="submit" fullWidth disabled={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </FormStack>
  );
}
