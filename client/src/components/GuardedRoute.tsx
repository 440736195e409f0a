import { css } from '@emotion/react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { useCurrentUser } from '../api/currentUser.ts';
import { useT } from '../i18n/useT.ts';
import { saveRedirectAfterAuth } from '../stores/redirectAfterAuth.ts';
import { Button } from './ui/Button.tsx';
import { CardText } from './ui/Card.tsx';
import { CentredSpinner } from './ui/Spinner.tsx';

const errorPanelStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 4rem 1rem;
  text-align: center;
`;

/**
 * Shows its children only to a signed-in user. A centred spinner covers the first load; a
 * visitor who is signed out (or whose session ended) is sent to /auth, and the page they
 * wanted (path and query) is remembered so sign-in can bring them back (spec section 2).
 */
export function GuardedRoute({ children }: { children: ReactNode }) {
  const { t } = useT();
  const { data: user, isError, refetch } = useCurrentUser();
  const { pathname, searchStr } = useLocation();
  const navigate = useNavigate();
  const signedOut = user === null;
  const leaving = useRef(false);

  useEffect(() => {
    // Once: while /auth loads this guard is still mounted but already sees the new location,
    // which must not overwrite the page that was asked for.
    if (!signedOut || leaving.current) return;
    leaving.current = true;
    saveRedirectAfterAuth(`${pathname}${searchStr}`);
    void navigate({ to: '/auth', replace: true });
  }, [signedOut, pathname, searchStr, navigate]);

  if (user) return children;
  if (isError) {
    // Neither signed in nor signed out: the server could not be asked. Sending the visitor to
    // /auth would be wrong, so offer to try again.
    return (
      <div css={errorPanelStyles} role="alert">
        <CardText>{t('app.guard.accountLoadFailed')}</CardText>
        <Button onClick={() => void refetch()}>{t('app.guard.tryAgain')}</Button>
      </div>
    );
  }
  return <CentredSpinner />;
}
