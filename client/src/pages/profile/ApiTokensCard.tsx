/**
 * Personal access tokens for the public API (/api/v1). Owners whose abilities include the API
 * (Professional, and the administrator) create them here, up to the cap; anyone keeps seeing and revoking the ones they have, e.g. after
 * a downgrade, when the API answers 402 until they upgrade again.
 */
import { API_TOKENS_PER_ACCOUNT } from '@formscribe/common/limits';

import type { UserResponse } from '@formscribe/common/schemas/user';
import { Link } from '@tanstack/react-router';
import { useApiTokens } from '../../api/apiTokens.ts';
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { standaloneLinkStyles } from '../../components/ui/linkStyles.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import { ApiTokensCardForm } from './ApiTokensCardForm.tsx';
import { ApiTokensCardList } from './ApiTokensCardList.tsx';
import { aroundElement } from './aroundElement.ts';

export function ApiTokensCard({ user }: { user: UserResponse }) {
  const { t } = useT();
  const tokens = useApiTokens();
  const intro = aroundElement((values) => t('account.apiTokens.intro', values), 'header');
  // The server says whether the account has the API (its plan, or the administrator's standing).
  const allowed = user.abilities.api;
  return (
    <Card aria-labelledby="api-tokens-title">
      <CardTitle id="api-tokens-title">{t('account.apiTokens.title')}</CardTitle>
      <CardText>
        {intro.before}
        {/* i18n-exempt: an HTTP header, the same in every language */}
        <code>{'Authorization: Bearer <token>'}</code>
        {intro.after}{' '}
        <Link to="/api-docs" css={standaloneLinkStyles}>
          {t('account.apiTokens.reference')}
        </Link>
      </CardText>
      <CardText>{t('account.apiTokens.cap', { count: API_TOKENS_PER_ACCOUNT })}</CardText>
      {allowed ? (
        <ApiTokensCardForm atCap={(tokens.data?.tokens.length ?? 0) >= API_TOKENS_PER_ACCOUNT} />
      ) : (
        <InlineAlert tone="info">
          {t('account.apiTokens.needsProfessional')}{' '}
          <Link to="/billing" css={standaloneLinkStyles}>
            {t('account.apiTokens.seePlans')}
          </Link>
        </InlineAlert>
      )}
      {tokens.isPending ? (
        <Spinner />
      ) : tokens.isError ? (
        <InlineAlert tone="error">{t('account.apiTokens.loadFailed')}</InlineAlert>
      ) : (
        (allowed || tokens.data.tokens.length > 0) && <ApiTokensCardList tokens={tokens.data.tokens} />
      )}
    </Card>
  );
}
