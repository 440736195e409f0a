/** Creating a token: a name, read or read-and-write, and an expiry; the secret is then shown once. */
import { css } from '@emotion/react';
import { extractServerMessage } from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { API_TOKEN_NAME_MAX_LENGTH, type ApiTokenScope } from '@formscribe/common/schemas/apiTokens';
import { type FormEvent, useState } from 'react';
import { useCreateApiToken } from '../../api/apiTokens.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow, FormStack } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { insetBoxStyles } from '../../components/ui/surfaceStyles.ts';
import { TextField } from '../../components/ui/TextField.tsx';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const SCOPES: readonly ApiTokenScope[] = ['read', 'read_write'];

const EXPIRY_CHOICES = ['30', '90', '365', 'never'] as const;
type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const expiryDate = (choice: ExpiryChoice) =>
  choice === 'never' ? null : new Date(Date.now() + Number(choice) * DAY_MS).toISOString();

const rowStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
`;

const stackStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
`;

const secretStyles = css`
  display: block;
  padding: 0.5rem 0.75rem;
  ${insetBoxStyles};
  background: ${theme.colors.surfaceMuted};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${theme.fontSizes.small};
  overflow-wrap: anywhere;
  user-select: all;
`;

/** Access names, shared with the token list. */
export const SCOPE_LABEL_KEYS = {
  read: 'account.apiTokens.readOnly',
  read_write: 'account.apiTokens.readWrite',
} as const satisfies Record<ApiTokenScope, MessageKey>;

function NewTokenSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  return (
    <InlineAlert tone="success">
      <div css={stackStyles}>
        <p>
          <strong>{t('account.apiTokens.created', { name })}</strong> {t('account.apiTokens.copyNow')}
        </p>
        <code css={secretStyles} data-testid="new-api-token">
          {secret}
        </code>
        <ButtonRow>
          <Button
            variant="secondary"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
          >
            {copied ? t('common.copied') : t('account.apiTokens.copy')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {t('account.apiTokens.done')}
          </Button>
        </ButtonRow>
      </div>
    </InlineAlert>
  );
}

/** `atCap`: the account holds as many tokens as it may, so the form says why it cannot create one. */
export function ApiTokensCardForm({ atCap }: { atCap: boolean }) {
  const { t } = useT();
  const createToken = useCreateApiToken();
  const scopeOptions = SCOPES.map((value) => ({ value, label: t(SCOPE_LABEL_KEYS[value]) }));
  const expiryLabels: Record<ExpiryChoice, string> = {
    '30': t('account.apiTokens.days', { count: 30 }),
    '90': t('account.apiTokens.days', { count: 90 }),
    '365': t('account.apiTokens.oneYear'),
    never: t('account.apiTokens.never'),
  };
  const expiryOptions = EXPIRY_CHOICES.map((value) => ({ value, label: expiryLabels[value] }));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    createToken.mutate(
      { name: name.trim(), scope, expiresAt: expiryDate(expiry) },
      {
        onSuccess: (token) => {
          setCreated({ name: token.name, secret: token.token });
          setName('');
        },
      },
    );
  }

  if (created) return <NewTokenSecret {...created} onDone={() => setCreated(null)} />;
  return (
    <FormStack onSubmit={handleSubmit} noValidate aria-label={t('account.apiTokens.formLabel')}>
      {createToken.isError && (
        <InlineAlert tone="error">{translateServerMessage(extractServerMessage(createToken.error))}</InlineAlert>
      )}
      {atCap && !createToken.isError && (
        <InlineAlert tone="info">{translateServerMessage(MESSAGES.apiTokenLimitReached)}</InlineAlert>
      )}
      <TextField
        label={t('account.apiTokens.name')}
        placeholder={t('account.apiTokens.namePlaceholder')}
        maxLength={API_TOKEN_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <div css={rowStyles}>
        <SelectField
          label={t('account.apiTokens.access')}
          value={scope}
          options={scopeOptions}
          onChange={setScope}
          basis="12rem"
        />
        <SelectField
          label={t('account.apiTokens.expires')}
          value={expiry}
          options={expiryOptions}
          onChange={setExpiry}
          basis="10rem"
        />
      </div>
      <div>
        <Button type="submit" disabled={createToken.isPending || !name.trim() || atCap}>
          {createToken.isPending ? t('account.apiTokens.creating') : t('account.apiTokens.create')}
        </Button>
      </div>
    </FormStack>
  );
}
