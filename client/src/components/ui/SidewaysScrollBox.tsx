/**
 * A box whose content may be wider than the screen (a wide table on a phone). It is positioned,
 * so visually hidden text inside is clipped here rather than widening the page. Only while its
 * content is wider than it is it a named, focusable region: arrow keys then reach what it hides,
 * and a tab stop that scrolls nothing would only slow keyboard users down. A shadow at an edge
 * shows that more lies that way.
 */
import { css, type SerializedStyles } from '@emotion/react';
import { type ReactNode, useRef } from 'react';
import { theme } from '../../theme/theme.ts';
import { useSidewaysOverflow } from './useSidewaysOverflow.ts';

/**
 * Shadows that show only while content is hidden at that side: the surface-coloured covers
 * scroll with the content (`local`) and hide the shadows (`scroll`) once an end is reached.
 */
const scrollCueStyles = css`
  background:
    linear-gradient(to right, ${theme.colors.surface} 30%, transparent) left center / 2.5rem 100% no-repeat local,
    linear-gradient(to left, ${theme.colors.surface} 30%, transparent) right center / 2.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(16, 24, 32, 0.22), transparent) left center / 0.875rem 100%
      no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(16, 24, 32, 0.22), transparent) right center / 0.875rem 100%
      no-repeat scroll;
  background-color: ${theme.colors.surface};
`;

const boxStyles = css`
  position: relative;
  overflow-x: auto;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

interface SidewaysScrollBoxProps {
  /** The region's name while it scrolls: 'Field difficulty table'. */
  label: string;
  children: ReactNode;
  /** What the caller adds to the box (a frame; no scrolling on a phone where rows stack). */
  boxStyles?: SerializedStyles | false;
}

export function SidewaysScrollBox({ label, children, boxStyles: extra }: SidewaysScrollBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useSidewaysOverflow(ref);
  const regionProps = scrolls ? ({ tabIndex: 0, role: 'region', 'aria-label': label } as const) : {};
  return (
    <div ref={ref} css={[boxStyles, extra, scrolls && scrollCueStyles]} {...regionProps}>
      {children}
    </div>
  );
}
