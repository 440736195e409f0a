/**
 * The box a wide Insights table scrolls in on a narrow screen. It is a named region in the tab
 * order, so a keyboard user can reach it and scroll it with the arrow keys (axe's
 * scrollable-region-focusable), and it is positioned, so a visually hidden header (positioned
 * absolutely) is clipped inside it instead of widening the whole page on a phone.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../../theme/theme.ts';

const boxStyles = css`
  position: relative;
  overflow-x: auto;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

export function TableScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard
    <section css={boxStyles} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
