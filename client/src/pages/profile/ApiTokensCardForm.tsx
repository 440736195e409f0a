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
import { theme } from '../../theme/theme.ts';

const SCOPE_OPTIONS = [
  { value: 'read', label: 'Read only' },
  { value: 'read_write', label: 'Read and write' },
] as const satisfies ReadonlyArray<{ value: ApiTokenScope; label: string }>;

const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;
type ExpiryChoice = (typeof EXPIRY_OPTIONS)[number]['value'];

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

function NewTokenSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <InlineAlert tone="success">
      <div css={stackStyles}>
        <p>
          <strong>Token “{name}” created.</strong> Copy it now: it will not be shown again.
        </p>
        <code css={secretStyles} data-testid="new-api-token">
          {secret}
        </code>
        <ButtonRow>
          <Button
            variant="secondary"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy Token'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Done
          </Button>
        </ButtonRow>
      </div>
    </InlineAlert>
  );
}

/** `atCap`: the account holds as many tokens as it may, so the form says why it cannot create one. */
export function ApiTokensCardForm({ atCap }: { atCap: boolean }) {
  const createToken = useCreateApiToken();
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
    <FormStack onSubmit={handleSubmit} noValidate aria-label="Create an API token">
      {createToken.isError && <InlineAlert tone="error">{extractServerMessage(createToken.error)}</InlineAlert>}
      {atCap && !createToken.isError && <InlineAlert tone="info">{MESSAGES.apiTokenLimitReached}</InlineAlert>}
      <TextField
        label="Token Name"
        placeholder="e.g. Nightly export"
        maxLength={API_TOKEN_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <div css={rowStyles}>
        <SelectField label="Access" value={scope} options={SCOPE_OPTIONS} onChange={setScope} basis="12rem" />
        <SelectField label="Expires" value={expiry} options={EXPIRY_OPTIONS} onChange={setExpiry} basis="10rem" />
      </div>
      <div>
        <Button type="submit" disabled={createToken.isPending || !name.trim() || atCap}>
          {createToken.isPending ? 'Creating Token...' : 'Create Token'}
        </Button>
      </div>
    </FormStack>
  );
}
