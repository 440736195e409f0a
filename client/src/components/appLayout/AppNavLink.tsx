import { css } from '@emotion/react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

const linkStyles = css`
  display: flex;
  align-items: center;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${theme.radii.small};
  color: ${theme.colors.text};
  font-weight: 500;
  text-decoration: none;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &[aria-current='page'] {
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primary};
    font-weight: 600;
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

interface AppNavLinkProps {
  href: string;
  /** Other paths that count as "this section" (e.g. a form's pages belong to Forms). */
  activePrefix?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

/**
 * A navigation link by plain href. Some sections (Billing, Super Admin) have no route yet, and
 * a typed router <Link> cannot point at them; the router still handles the click in-app.
 */
export function AppNavLink({ href, activePrefix, onNavigate, children }: AppNavLinkProps) {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = pathname === href || (activePrefix !== undefined && pathname.startsWith(activePrefix));
  return (
    <a
      href={href}
      css={linkStyles}
      aria-current={active ? 'page' : undefined}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        onNavigate?.();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
