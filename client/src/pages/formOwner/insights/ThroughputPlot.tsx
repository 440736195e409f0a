/**
 * Throughput per day drawn with visx (scales, axes and shapes as SVG): submissions as bars,
 * completed images and active contributors as lines, over the days `daysWorthShowing` chose, with
 * a count axis of whole numbers and day labels that thin out on a phone. A day's figures show in a
 * tooltip under the pointer, or by keyboard: the chart takes focus and the arrow keys move from day
 * to day, read aloud through a live region. Screen readers also get the figures as a table.
 *
 * The time axis runs left to right in Arabic too: charts and the ArrowLeft/ArrowRight keys keep
 * the convention of the figures' own script (dates and numbers are written left to right), as
 * Arabic spreadsheets and charts draw time. Only the words and figures are translated.
 */
import { css } from '@emotion/react';
import type { ThroughputDay } from '@formscribe/common/schemas/insights';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { type KeyboardEvent, useId, useState } from 'react';
import { visuallyHidden } from '../../../components/ui/visuallyHidden.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { ChartTooltip } from './ChartTooltip.tsx';
import { countAxis, dayInWords, dayLabel, highestCount, labelledDays } from './throughputChartData.ts';
import { useBoxWidth } from './useBoxWidth.ts';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 36 };
/** About the width one day label needs, so labels never overlap. */
const DAY_LABEL_PX = 64;

/** The three series, in the legend's order; their names are `progress.throughput.series`. */
export const SERIES = {
  submissions: { colour: '#9bbbd9' },
  completedImages: { colour: theme.colors.success },
  activeContributors: { colour: '#d9822b' },
} as const;

export type SeriesKey = keyof typeof SERIES;
export const SERIES_KEYS: readonly SeriesKey[] = ['submissions', 'completedImages', 'activeContributors'];
export const SERIES_NAME: MessageKey = 'progress.throughput.series';

const plotStyles = css`
  /* Positioned: the tooltip and the hidden table are placed inside the chart, never past the page. */
  position: relative;
  border-radius: ${theme.radii.medium};
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
  svg {
    display: block;
    /* The drawing runs left to right in every language (see above); SVG's text-anchor follows it. */
    direction: ltr;
  }
`;

const axisLabel = { fill: theme.colors.textMuted, fontSize: 11, fontFamily: 'inherit' } as const;

const KEY_MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowRight: (index, last) => Math.min(last, index + 1),
  Home: () => 0,
  End: (_, last) => last,
};

export function ThroughputPlot({ days }: { days: ThroughputDay[] }) {
  const words = useT();
  const { t, number } = words;
  const [boxRef, width] = useBoxWidth<HTMLElement>(640);
  const [active, setActive] = useState<number>();
  const readingId = useId();
  const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: days.map((d) => d.day), range: [0, plotWidth], padding: 0.2 });
  const { top, ticks } = countAxis(highestCount(days));
  const y = scaleLinear<number>({ domain: [0, top], range: [plotHeight, 0] });
  const centre = (d: ThroughputDay) => (x(d.day) ?? 0) + x.bandwidth() / 2;
  const activeDay = active === undefined ? undefined : days[active];
  const last = days.length - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    setActive((index) => move(index ?? last, last));
  };

  return (
    <>
      <section
        ref={boxRef}
        css={plotStyles}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is read by keyboard, a day at a time
        tabIndex={0}
        aria-label={t('progress.throughput.chartLabel')}
        aria-describedby={readingId}
        data-testid="throughput-chart"
        onKeyDown={onKeyDown}
        onFocus={() => setActive((index) => index ?? last)}
        onBlur={() => setActive(undefined)}
        onPointerLeave={() => setActive(undefined)}
      >
        <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false">
          <Group left={MARGIN.left} top={MARGIN.top}>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={plotWidth} y1={y(tick)} y2={y(tick)} stroke={theme.colors.border} />
            ))}
            {activeDay && (
              <rect
                x={(x(activeDay.day) ?? 0) - (x.step() - x.bandwidth()) / 2}
                width={x.step()}
                height={plotHeight}
                fill={theme.colors.border}
                opacity={0.5}
              />
            )}
            {days.map((d) => (
              <Bar
                key={d.day}
                x={x(d.day) ?? 0}
                y={y(d.submissions)}
                width={x.bandwidth()}
                height={plotHeight - y(d.submissions)}
                fill={SERIES.submissions.colour}
              />
            ))}
            {(['completedImages', 'activeContributors'] as const).map((key) => (
              <g key={key}>
                <LinePath data={days} x={centre} y={(d) => y(d[key])} stroke={SERIES[key].colour} strokeWidth={2} />
                {days.map((d) => (
                  <circle key={d.day} cx={centre(d)} cy={y(d[key])} r={2.5} fill={SERIES[key].colour} />
                ))}
              </g>
            ))}
            {days.map((d, index) => (
              <rect
                key={d.day}
                data-testid={`throughput-day-${d.day}`}
                x={(x(d.day) ?? 0) - (x.step() - x.bandwidth()) / 2}
                width={x.step()}
                height={plotHeight}
                fill="transparent"
                onPointerEnter={() => setActive(index)}
              />
            ))}
            <AxisLeft
              scale={y}
              tickValues={ticks}
              tickFormat={(value) => number(Number(value))}
              stroke={theme.colors.border}
              tickStroke={theme.colors.border}
              tickLabelProps={axisLabel}
              axisClassName="throughput-count-axis"
            />
            <AxisBottom
              top={plotHeight}
              scale={x}
              tickValues={labelledDays(
                days.map((d) => d.day),
                Math.floor(plotWidth / DAY_LABEL_PX),
              )}
              tickFormat={(day) => dayLabel(day, words)}
              stroke={theme.colors.border}
              tickStroke={theme.colors.border}
              tickLabelProps={axisLabel}
              axisClassName="throughput-day-axis"
            />
          </Group>
        </svg>
        {activeDay && (
          <ChartTooltip x={MARGIN.left + centre(activeDay)} top={0} boxWidth={width} testId="throughput-tooltip">
            {dayInWords(activeDay, words)}
          </ChartTooltip>
        )}
      </section>
      <p id={readingId} css={visuallyHidden} aria-live="polite">
        {activeDay ? dayInWords(activeDay, words) : ''}
      </p>
      <ThroughputTable days={days} />
    </>
  );
}

/**
 * The chart's figures for screen readers. Hidden by a wrapper, not on the table itself: a table
 * grows to its content whatever its width says, and would stretch the page on a phone.
 */
function ThroughputTable({ days }: { days: ThroughputDay[] }) {
  const words = useT();
  const { t, number } = words;
  return (
    <div css={visuallyHidden}>
      <table data-testid="throughput-table">
        <caption>{t('progress.throughput.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('progress.throughput.day')}</th>
            {SERIES_KEYS.map((series) => (
              <th scope="col" key={series}>
                {t(SERIES_NAME, { series })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day, words)}</th>
              <td>{number(d.submissions)}</td>
              <td>{number(d.completedImages)}</td>
              <td>{number(d.activeContributors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
