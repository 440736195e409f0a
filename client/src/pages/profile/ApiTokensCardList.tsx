/** The user's tokens: name, access, the secret's first characters, dates, and Revoke. */
import { css } from '@emotion/react';
import { extractServerMessage } from '@formscribe/common/errorMessages';
import type { Translator } from '@formscribe/common/i18n/translator';
import type { ApiTokenResponse } from '@formscribe/common/schemas/apiTokens';
import { useRevokeApiToken } from '../../api/apiTokens.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { SCOPE_LABEL_KEYS } from './ApiTokensCardForm.tsx';

const listStyles = css`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border-block-start: 1px solid ${theme.colors.border};
`;

const itemStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding-block: 0.75rem;
  border-block-end: 1px solid ${theme.colors.border};
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

function datesLine(token: ApiTokenResponse, { t, date }: Translator<MessageKey>): string {
  const day = (iso: string) => date(iso, { dateStyle: 'medium' });
  const expiry = token.expiresAt
    ? t(new Date(token.expiresAt) <= new Date() ? 'account.apiTokens.expiredOn' : 'account.apiTokens.expiresOn', {
        date: day(token.expiresAt),
      })
    : t('account.apiTokens.neverExpires');
  const used = token.lastUsedAt
    ? t('account.apiTokens.lastUsed', { when: date(token.lastUsedAt, { dateStyle: 'medium', timeStyle: 'short' }) })
    : t('account.apiTokens.neverUsed');
  return t('account.apiTokens.datesLine', { created: day(token.createdAt), expiry, used });
}

export function ApiTokensCardList({ tokens }: { tokens: readonly ApiTokenResponse[] }) {
  const translator = useT();
  const { t } = translator;
  const revoke = useRevokeApiToken();
  if (!tokens.length) return <MutedText>{t('account.apiTokens.none')}</MutedText>;
  return (
    <ul css={listStyles} aria-label={t('account.apiTokens.listLabel')}>
      {tokens.map((token) => (
        <li key={token.id} css={itemStyles}>
          <div>
            <div css={nameStyles}>
              {token.name}
              <Badge tone={token.scope === 'read_write' ? 'primary' : 'neutral'}>
                {t(SCOPE_LABEL_KEYS[token.scope])}
              </Badge>
              <span css={hintStyles}>{token.hint}</span>
            </div>
            <MutedText>{datesLine(token, translator)}</MutedText>
          </div>
          <Button
            variant="danger"
            aria-label={t('account.apiTokens.revokeNamed', { name: token.name })}
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () =>
                  showToast({
                    title: currentTranslator().t('account.apiTokens.revokedToast'),
                    description: currentTranslator().t('account.apiTokens.revokedToastText', { name: token.name }),
                  }),
                onError: (error) =>
                  showToast({
                    title: currentTranslator().t('account.apiTokens.revokeFailedToast'),
                    description: translateServerMessage(extractServerMessage(error)) || undefined,
                    variant: 'destructive',
                  }),
              })
            }
          >
            {t('account.apiTokens.revoke')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
