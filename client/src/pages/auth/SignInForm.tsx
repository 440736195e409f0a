import { css } from '@emotion/react';
import { loginRequestSchema } from '@formscribe/common/schemas/user';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useLogin } from '../../api/authMutations.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormStack } from '../../components/ui/Card.tsx';
import { CheckboxField } from '../../components/ui/CheckboxField.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { standaloneLinkStyles } from '../../components/ui/linkStyles.ts';
import { TextField } from '../../components/ui/TextField.tsx';
import { errorText, translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { loginFailureSuggestsNewAccount } from './loginFailure.ts';

const optionsRowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  font-size: ${theme.fontSizes.small};
`;

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Called instead of showing an error when the sign-in was rejected (spec section 2). */
  onAccountNotFound: (email: string) => void;
}

type FieldErrors = Partial<Record<'username' | 'password', string>>;

export function SignInForm({ email, onEmailChange, onAccountNotFound }: SignInFormProps) {
  const { t } = useT();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = loginRequestSchema.safeParse({ username: email, password, rememberMe });
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors;
      setFieldErrors({ username: errors.username?.[0], password: errors.password?.[0] });
      return;
    }
    setFieldErrors({});
    // Login errors never raise a toast here: a rejection turns into the sign-up offer and
    // anything else (rate limit, network) is said inline, next to the form.
    login.mutate(parsed.data, {
      onError: (error) => {
        if (loginFailureSuggestsNewAccount(error)) onAccountNotFound(email);
        else setFormError(errorText(error));
      },
    });
  }

  return (
    <FormStack onSubmit={handleSubmit} noValidate aria-label={t('account.signIn.formLabel')}>
      {formError && <InlineAlert tone="error">{formError}</InlineAlert>}
      <TextField
        label={t('account.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={fieldErrors.username && translateServerMessage(fieldErrors.username)}
        required
      />
      <TextField
        label={t('account.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password && translateServerMessage(fieldErrors.password)}
        required
      />
      <div css={optionsRowStyles}>
        <CheckboxField label={t('account.signIn.rememberMe')} checked={rememberMe} onCheckedChange={setRememberMe} />
        <Link to="/forgot-password" css={standaloneLinkStyles}>
          {t('account.signIn.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" fullWidth disabled={login.isPending}>
        {login.isPending ? t('account.signIn.submitting') : t('account.signIn.submit')}
      </Button>
    </FormStack>
  );
}
