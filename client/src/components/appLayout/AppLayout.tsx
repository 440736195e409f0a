import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { MobileMenu } from './MobileMenu.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';

const skipLinkStyles = css`
  position: absolute;
  inset-inline-start: 0.5rem;
  top: -3rem;
  z-index: 60;
  display: inline-flex;
  align-items: center;
  min-height: ${theme.layout.tapTarget};
  padding: 0.5rem 1rem;
  border-radius: ${theme.radii.small};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  &:focus {
    top: 0.5rem;
  }
`;

const sidebarStyles = css`
  display: none;
  ${theme.media.desktop} {
    position: fixed;
    top: 0;
    bottom: 0;
    inset-inline-start: 0;
    display: flex;
    flex-direction: column;
    gap: 1.5rem;
    width: ${theme.layout.sidebarWidth};
    padding: 1.5rem 1rem;
    background: ${theme.colors.surface};
    border-inline-end: 1px solid ${theme.colors.border};
    overflow-y: auto;
  }
`;

const mobileBarStyles = css`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: ${theme.layout.mobileBarHeight};
  padding: 0 1rem;
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  ${theme.media.desktop} {
    display: none;
  }
`;

const brandStyles = css`
  font-size: ${theme.fontSizes.large};
  font-weight: 700;
  color: ${theme.colors.primary};
`;

const mainStyles = css`
  padding: 1.25rem 1rem 3rem;
  ${theme.media.desktop} {
    margin-inline-start: ${theme.layout.sidebarWidth};
    padding: 2rem 2.5rem 4rem;
  }
  &:focus {
    outline: none;
  }
`;

const contentStyles = css`
  max-width: ${theme.layout.contentMaxWidth};
  margin: 0 auto;
`;

/**
 * The signed-in frame: a fixed sidebar on desktop (at the reading start: the right in Arabic), a
 * top bar with a slide-out menu on mobile. Both hold the navigation, with the language picker.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <>
      <a href="#main-content" css={skipLinkStyles}>
        {t('app.layout.skipToContent')}
      </a>
      <aside css={sidebarStyles}>
        <span css={brandStyles}>{t('common.productName')}</span>
        <NavigationMenu />
      </aside>
      <header css={mobileBarStyles}>
        <span css={brandStyles}>{t('common.productName')}</span>
        <MobileMenu />
      </header>
      <main id="main-content" tabIndex={-1} css={mainStyles}>
        <div css={contentStyles}>{children}</div>
      </main>
    </>
  );
}
