import { css } from '@emotion/react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { LocalePicker } from '../../i18n/LocalePicker.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { Button } from '../ui/Button.tsx';
import { AppNavLink } from './AppNavLink.tsx';
import { useSignOut } from './useSignOut.ts';

const menuStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  flex: 1;
`;

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const footerStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin-top: auto;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colors.border};
`;

const accountStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/**
 * The app's sections, the language picker and Sign Out; the same list in the desktop sidebar and
 * the mobile menu.
 */
export function NavigationMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useT();
  const { data: user } = useCurrentUser();
  const { signOut, isSigningOut } = useSignOut();
  return (
    // Sign Out sits inside the landmark too: it is part of the navigation the spec describes.
    <nav aria-label={t('app.layout.mainNavigation')} css={menuStyles}>
      <ul css={listStyles}>
        <li>
          <AppNavLink href="/" activePrefix="/forms" onNavigate={onNavigate}>
            {t('app.layout.forms')}
          </AppNavLink>
        </li>
        <li>
          <AppNavLink href="/profile" onNavigate={onNavigate}>
            {t('app.layout.profile')}
          </AppNavLink>
        </li>
        <li>
          {/* Checkout and its outcome page are steps of billing. */}
          <AppNavLink href="/billing" activePrefix="/subscription-" onNavigate={onNavigate}>
            {t('app.layout.billing')}
          </AppNavLink>
        </li>
        {user?.isAdmin && (
          <li>
            <AppNavLink href="/super-admin" onNavigate={onNavigate}>
              {t('app.layout.superAdmin')}
            </AppNavLink>
          </li>
        )}
      </ul>
      <div css={footerStyles}>
        <LocalePicker showLabel />
        {user && <span css={accountStyles}>{t('app.layout.signedInAs', { name: user.name ?? user.username })}</span>}
        <Button variant="secondary" fullWidth onClick={signOut} disabled={isSigningOut}>
          {isSigningOut ? t('app.layout.signingOut') : t('app.layout.signOut')}
        </Button>
      </div>
    </nav>
  );
}
