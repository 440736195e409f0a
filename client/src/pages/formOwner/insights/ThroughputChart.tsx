/**
 * Throughput: the projected completion date, the completion rate said as what it is (3 images
 * done today is '3 images completed today'), and the chart of the days with activity, or a plain
 * 'Not enough data yet' before the first entry.
 */

import { css } from '@emotion/react';
import type { Translator } from '@formscribe/common/i18n/translator';
import type { ThroughputResponse } from '@formscribe/common/schemas/insights';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { mutedStyles } from './insightsStyles.ts';
import { SERIES, SERIES_KEYS, SERIES_NAME, ThroughputPlot } from './ThroughputPlot.tsx';
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
    margin-inline-end: 0.375rem;
    vertical-align: -0.1rem;
  }
`;

const forecastStyles = css`
  font-size: 1.125rem;
  font-weight: 600;
  margin: 0 0 0.5rem;
`;

function forecast({ remainingImages, projectedCompletion }: ThroughputResponse, words: Translator<MessageKey>): string {
  if (remainingImages === 0) return words.t('progress.throughput.everyImageComplete');
  if (projectedCompletion) {
    // A UTC day ('2026-06-14'), as the server counts them: shown as that day wherever the reader is.
    const date = words.date(`${projectedCompletion}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
    return words.t('progress.throughput.projectedCompletion', { date });
  }
  return words.t('progress.throughput.projectionUnknown');
}

export function ThroughputChart({ throughput }: { throughput: ThroughputResponse }) {
  const words = useT();
  const { t } = words;
  const shown = daysWorthShowing(throughput.days);
  const today = throughput.days.at(-1)?.day ?? '';
  return (
    <div>
      <p css={forecastStyles} data-testid="insights-forecast">
        {forecast(throughput, words)}
      </p>
      <p css={mutedStyles} data-testid="insights-rate">
        {t('progress.throughput.imagesLeft', {
          count: throughput.remainingImages,
          rate: rateInWords(throughput, today, words),
        })}
      </p>
      {shown.length === 0 ? (
        <p css={mutedStyles} data-testid="throughput-empty">
          {t('progress.throughput.notEnoughData')}
        </p>
      ) : (
        <figure css={figureStyles}>
          <ThroughputPlot days={shown} />
          <figcaption css={legendStyles}>
            {SERIES_KEYS.map((series) => (
              <span key={series}>
                <span aria-hidden style={{ background: SERIES[series].colour }} />
                {t(SERIES_NAME, { series })}
              </span>
            ))}
            <span css={mutedStyles}>{t('progress.throughput.perDay')}</span>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
