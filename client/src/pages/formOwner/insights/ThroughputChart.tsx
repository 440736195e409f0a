/**
 * Throughput per day as a small SVG of our own (no charting library: bars and two lines cost a
 * few hundred bytes, and the tab stays a small lazy chunk): submissions as bars, completed images
 * and active contributors as lines, with the projected completion date.
 */
import { css } from '@emotion/react';
import type { ThroughputResponse } from '@formscribe/common/schemas/insights';
import { theme } from '../../../theme/theme.ts';
import { mutedStyles } from './insightsStyles.ts';

const WIDTH = 720;
const HEIGHT = 180;
const SERIES = {
  submissions: { label: 'Submissions', colour: '#9bbbd9' },
  completedImages: { label: 'Completed images', colour: theme.colors.success },
  activeContributors: { label: 'Active contributors', colour: '#d9822b' },
} as const;

const figureStyles = css`
  margin: 0;
  svg {
    width: 100%;
    height: auto;
    display: block;
  }
`;

const legendStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
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

function linePoints(values: number[], top: number, step: number): string {
  return values.map((v, i) => `${(i + 0.5) * step},${HEIGHT - (v / top) * (HEIGHT - 10)}`).join(' ');
}

export function ThroughputChart({ throughput }: { throughput: ThroughputResponse }) {
  const { days } = throughput;
  const top = Math.max(1, ...days.flatMap((d) => [d.submissions, d.completedImages, d.activeContributors]));
  const step = WIDTH / Math.max(1, days.length);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  return (
    <div>
      <p css={forecastStyles} data-testid="insights-forecast">
        {throughput.remainingImages === 0
          ? 'Every image is complete.'
          : throughput.projectedCompletion
            ? `Projected completion: ${throughput.projectedCompletion}`
            : 'Projected completion: not yet known (no images completed in the last 14 days)'}
      </p>
      <p css={mutedStyles}>
        {throughput.remainingImages} images left · {throughput.recentDailyRate.toFixed(1)} completed per day over the
        last 14 days
      </p>
      <figure css={figureStyles}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT + 16}`}
          role="img"
          aria-label={`Throughput per day from ${first} to ${last}`}
        >
          <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke={theme.colors.border} />
          {days.map((d, i) => {
            const height = (d.submissions / top) * (HEIGHT - 10);
            return (
              <rect
                key={d.day}
                x={i * step + step * 0.15}
                y={HEIGHT - height}
                width={step * 0.7}
                height={height}
                fill={SERIES.submissions.colour}
              >
                <title>
                  {d.day}: {d.submissions} submissions, {d.completedImages} completed, {d.activeContributors}{' '}
                  contributors
                </title>
              </rect>
            );
          })}
          {(['completedImages', 'activeContributors'] as const).map((key) => (
            <polyline
              key={key}
              fill="none"
              stroke={SERIES[key].colour}
              strokeWidth={2}
              points={linePoints(
                days.map((d) => d[key]),
                top,
                step,
              )}
            />
          ))}
          <text x={0} y={HEIGHT + 14} fontSize={11} fill={theme.colors.textMuted}>
            {first}
          </text>
          <text x={WIDTH} y={HEIGHT + 14} fontSize={11} fill={theme.colors.textMuted} textAnchor="end">
            {last}
          </text>
        </svg>
        <figcaption css={legendStyles}>
          {Object.values(SERIES).map((s) => (
            <span key={s.label}>
              <span aria-hidden style={{ background: s.colour }} />
              {s.label}
            </span>
          ))}
          <span css={mutedStyles}>Peak {top} per day</span>
        </figcaption>
      </figure>
    </div>
  );
}
