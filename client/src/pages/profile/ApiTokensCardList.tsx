/** The user's tokens: name, access, the secret's first characters, dates, and Revoke. */
import { css } from '@emotion/react';
import { extractServerMessage } from '@formscribe/common/errorMessages';
import type { ApiTokenResponse } from '@formscribe/common/schemas/apiTokens';
import { useRevokeApiToken } from '../../api/apiTokens.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';

const listStyles = css`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${theme.colors.border};
`;

const itemStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding: 0.75rem 0;
  border-bottom: 1px solid ${theme.colors.border};
`;

const nameStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const hintStyles = css`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-weight: 400;
`;

const day = (iso: string) => new Date(iso).toLocaleDateString();

function datesLine(token: ApiTokenResponse): string {
  const expiry = token.expiresAt
    ? `${new Date(token.expiresAt) <= new Date() ? 'expired' : 'expires'} ${day(token.expiresAt)}`
    : 'never expires';
  const used = token.lastUsedAt ? `last used ${new Date(token.lastUsedAt).toLocaleString()}` : 'never used';
  return `Created ${day(token.createdAt)} · ${expiry} · ${used}`;
}

export function ApiTokensCardList({ tokens }: { tokens: readonly ApiTokenResponse[] }) {
  const revoke = useRevokeApiToken();
  if (!tokens.length) return <MutedText>No API tokens yet.</MutedText>;
  return (
    <ul css={listStyles} aria-label="Your API tokens">
      {tokens.map((token) => (
        <li key={token.id} css={itemStyles}>
          <div>
            <div css={nameStyles}>
              {token.name}
              <Badge tone={token.scope === 'read_write' ? 'primary' : 'neutral'}>
                {token.scope === 'read_write' ? 'Read and write' : 'Read only'}
              </Badge>
              <span css={hintStyles}>{token.hint}</span>
            </div>
            <MutedText>{datesLine(token)}</MutedText>
          </div>
          <Button
            variant="danger"
            aria-label={`Revoke ${token.name}`}
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () => showToast({ title: 'Token revoked', description: `“${token.name}” no longer works.` }),
                onError: (error) =>
                  showToast({
                    title: 'Failed to revoke the token',
                    description: extractServerMessage(error) || undefined,
                    variant: 'destructive',
                  }),
              })
            }
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
