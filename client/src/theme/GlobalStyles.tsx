import { css, Global } from '@emotion/react';
import { theme } from './theme.ts';

const globalStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.body};
    line-height: 1.5;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
  }
  h1,
  h2,
  h3,
  p {
    margin: 0;
  }
  a {
    color: ${theme.colors.primary};
  }
  :focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}
