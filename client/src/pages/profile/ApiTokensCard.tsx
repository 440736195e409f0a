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
import { ApiTokensCardForm } from './ApiTokensCardForm.tsx';
import { ApiTokensCardList } from './ApiTokensCardList.tsx';

export function ApiTokensCard({ user }: { user: UserResponse }) {
  const tokens = useApiTokens();
  // The server says whether the account has the API (its plan, or the administrator's standing).
  const allowed = user.abilities.api;
  return (
    <Card aria-labelledby="api-tokens-title">
      <CardTitle id="api-tokens-title">API Tokens</CardTitle>
      <CardText>
        Scripts and other systems read your forms’ verified data through the API with a token, sent as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>.{' '}
        <Link to="/api-docs" css={standaloneLinkStyles}>
          API reference
        </Link>
      </CardText>
      <CardText>
        An account holds up to {API_TOKENS_PER_ACCOUNT} tokens. Changing or resetting your password revokes all of them:
        scripts then need a new token.
      </CardText>
      {allowed ? (
        <ApiTokensCardForm atCap={(tokens.data?.tokens.length ?? 0) >= API_TOKENS_PER_ACCOUNT} />
      ) : (
        <InlineAlert tone="info">
          API access is part of the Professional plan.{' '}
          <Link to="/billing" css={standaloneLinkStyles}>
            See plans
          </Link>
        </InlineAlert>
      )}
      {tokens.isPending ? (
        <Spinner />
      ) : tokens.isError ? (
        <InlineAlert tone="error">Your tokens could not be loaded.</InlineAlert>
      ) : (
        (allowed || tokens.data.tokens.length > 0) && <ApiTokensCardList tokens={tokens.data.tokens} />
      )}
    </Card>
  );
}
