/**
 * The figures of the point under the pointer or the keyboard cursor of an Insights chart. It is
 * placed inside the chart's positioned box, centred on `x` but kept clear of the box's edges so it
 * never sticks out past a phone's screen. Hidden from screen readers: each chart also reads the
 * same words through its live region. `left` is physical on purpose: `x` is a point of the chart's
 * drawing, which runs left to right in every language.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { cardSurfaceStyles } from '../../../components/ui/Card.tsx';
import { theme } from '../../../theme/theme.ts';

/** Half the widest tooltip expected ('Image 100000: In progress'), kept between it and the box's edges. */
const EDGE_PX = 90;

const tooltipStyles = css`
  position: absolute;
  max-width: 11rem;
  padding: 0.25rem 0.5rem;
  ${cardSurfaceStyles};
  font-size: ${theme.fontSizes.small};
  pointer-events: none;
  transform: translateX(-50%);
`;

interface ChartTooltipProps {
  x: number;
  top: number;
  boxWidth: number;
  testId: string;
  children: ReactNode;
}

export function ChartTooltip({ x, top, boxWidth, testId, children }: ChartTooltipProps) {
  const left = Math.min(Math.max(x, EDGE_PX), boxWidth - EDGE_PX);
  return (
    <div css={tooltipStyles} aria-hidden="true" data-testid={testId} style={{ left, top }}>
      {children}
    </div>
  );
}
