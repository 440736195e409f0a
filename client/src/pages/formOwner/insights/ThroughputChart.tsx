/**
 * Throughput: the projected completion date, the completion rate said as what it is (3 images
 * done today is '3 images completed today'), and the chart of the days with activity, or a plain
 * 'Not enough data yet' before the first entry.
 */

import { css } from '@emotion/react';
import { countText } from '@formscribe/common/countText';
import type { ThroughputResponse } from '@formscribe/common/schemas/insights';
import { theme } from '../../../theme/theme.ts';
import { mutedStyles } from './insightsStyles.ts';
import { SERIES, ThroughputPlot } from './ThroughputPlot.tsx';
import { daysWorthShowing, rateInWords } from './throughputChartData.ts';

const figureStyles = css`
  /* Positioned, so the chart's visually hidden table and reading stay inside it. */
  position: relative;
  margin: 0;
`;

const legendStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin-top: 0.5rem;
  font-size: ${theme.fontSizes.small};
  span[aria-hidden] {
    display: inline-block;
    width: 0.75rem;
    height: 0.75rem;
    margin-right: 0.375rem;
    vertical-align: -0.1rem;
  }
`;

const forecastStyles = css`
  font-size: 1.125rem;
  font-weight: 600;
  margin: 0 0 0.5rem;
`;

function forecast({ remainingImages, projectedCompletion }: ThroughputResponse): string {
  if (remainingImages === 0) return 'Every image is complete.';
  if (projectedCompletion) return `Projected completion: ${projectedCompletion}`;
  return 'Projected completion: not yet known (no images completed in the last 14 days)';
}

export function ThroughputChart({ throughput }: { throughput: ThroughputResponse }) {
  const shown = daysWorthShowing(throughput.days);
  const today = throughput.days.at(-1)?.day ?? '';
  return (
    <div>
      <p css={forecastStyles} data-testid="insights-forecast">
        {forecast(throughput)}
      </p>
      <p css={mutedStyles} data-testid="insights-rate">
        {countText(throughput.remainingImages, 'image', 'images')} left · {rateInWords(throughput, today)}
      </p>
      {shown.length === 0 ? (
        <p css={mutedStyles} data-testid="throughput-empty">
          Not enough data yet: the chart starts with the first entry.
        </p>
      ) : (
        <figure css={figureStyles}>
          <ThroughputPlot days={shown} />
          <figcaption css={legendStyles}>
            {Object.values(SERIES).map((s) => (
              <span key={s.label}>
                <span aria-hidden style={{ background: s.colour }} />
                {s.label}
              </span>
            ))}
            <span css={mutedStyles}>per day</span>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
