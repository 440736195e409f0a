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
  /*
   * Phones: every control is at least a 44 px tap target, whatever size a component gives it
   * on a desktop (WCAG 2.5.5). Important, because components set their sizes with classes.
   */
  ${theme.media.mobile} {
    /* Checkboxes, radios and switches keep their look: their label, 44 px high, takes the tap. */
    :is(button, select, textarea, input, [role='tab'], [role='menuitem'], [role='button']):not(
        [role='checkbox'],
        [role='switch'],
        [role='radio'],
        [type='checkbox'],
        [type='radio'],
        [type='hidden'],
        [type='file']
      ) {
      min-height: ${theme.layout.tapTarget} !important;
    }
    :is(button, [role='button']):not([role='checkbox'], [role='switch'], [role='radio']) {
      min-width: ${theme.layout.tapTarget} !important;
    }
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
