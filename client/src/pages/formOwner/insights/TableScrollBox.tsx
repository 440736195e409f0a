/**
 * The box a wide Insights table scrolls in on a narrow screen. It is a named region in the tab
 * order, so a keyboard user can reach it and scroll it with the arrow keys (axe's
 * scrollable-region-focusable), it is positioned, so a visually hidden header (positioned
 * absolutely) is clipped inside it instead of widening the whole page on a phone, and a shadow
 * at an edge shows that more of the table lies that way.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../../theme/theme.ts';

const boxStyles = css`
  position: relative;
  overflow-x: auto;
  /* A shadow on the side that has more table, so a phone shows that the table scrolls: the covers
     scroll with the content (local) and hide a shadow once its edge is reached. */
  background:
    linear-gradient(to right, ${theme.colors.surface} 30%, transparent) left / 2.5rem 100% no-repeat local,
    linear-gradient(to left, ${theme.colors.surface} 30%, transparent) right / 2.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.18), transparent) left / 0.875rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.18), transparent) right / 0.875rem 100% no-repeat
    scroll;
  background-color: ${theme.colors.surface};
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
