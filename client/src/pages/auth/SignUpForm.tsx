import { PASSWORD_MIN_LENGTH } from '@formscribe/common/limits';
import { registerRequestSchema } from '@formscribe/common/schemas/user';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useRegister } from '../../api/authMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormStack } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { errorText, translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';

interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
}

type FieldErrors = Partial<Record<'username' | 'password' | 'name', string>>;

export function SignUpForm({ email, onEmailChange }: SignUpFormProps) {
  const { t } = useT();
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
        setFormError(errorText(error));
      },
    });
  }

  return (
    <FormStack onSubmit={handleSubmit} noValidate aria-label={t('account.signUp.formLabel')}>
      {formError && <InlineAlert tone="error">{formError}</InlineAlert>}
      <TextField
        label={t('account.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={fieldErrors.username && translateServerMessage(fieldErrors.username)}
        required
      />
      <TextField
        label={t('account.signUp.fullName')}
        autoComplete="name"
        hint={t('account.signUp.optional')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name && translateServerMessage(fieldErrors.name)}
      />
      <TextField
        label={t('account.password')}
        type="password"
        autoComplete="new-password"
        hint={t('account.signUp.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password && translateServerMessage(fieldErrors.password)}
        required
      />
      <Button type="submit" fullWidth disabled={register.isPending}>
        {register.isPending ? t('account.signUp.submitting') : t('account.signUp.submit')}
      </Button>
    </FormStack>
  );
}
