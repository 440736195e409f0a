import { css } from '@emotion/react';
import { useCurrentUser } from '../../api/currentUser.ts';
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

/** The app's sections and Sign Out; the same list in the desktop sidebar and the mobile menu. */
export function NavigationMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  const { signOut, isSigningOut } = useSignOut();
  return (
    // Sign Out sits inside the landmark too: it is part of the navigation the spec describes.
    <nav aria-label="Main" css={menuStyles}>
      <ul css={listStyles}>
        <li>
          <AppNavLink href="/" activePrefix="/forms" onNavigate={onNavigate}>
            Forms
          </AppNavLink>
        </li>
        <li>
          <AppNavLink href="/profile" onNavigate={onNavigate}>
            Profile
          </AppNavLink>
        </li>
        <li>
          {/* Checkout and its outcome page are steps of billing. */}
          <AppNavLink href="/billing" activePrefix="/subscription-" onNavigate={onNavigate}>
            Billing
          </AppNavLink>
        </li>
        {user?.isAdmin && (
          <li>
            <AppNavLink href="/super-admin" onNavigate={onNavigate}>
              Super Admin
            </AppNavLink>
          </li>
        )}
      </ul>
      <div css={footerStyles}>
        {user && <span css={accountStyles}>Signed in as {user.name ?? user.username}</span>}
        <Button variant="secondary" fullWidth onClick={signOut} disabled={isSigningOut}>
          {isSigningOut ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </div>
    </nav>
  );
}
