/**
 * Every image as one cell, coloured by its state, under a legend that counts each state (the
 * figures a screen reader reads). Clicking a cell, or Enter on it by keyboard, opens that image's
 * entries and disagreement view.
 */
import { css } from '@emotion/react';
import { HEAT_STATES } from '@formscribe/common/insights';
import type { HeatmapResponse } from '@formscribe/common/schemas/insights';
import { useMemo } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { HeatmapCanvas } from './HeatmapCanvas.tsx';
import { decodeStates, HEAT_COLOURS } from './heatmapCells.ts';
import { mutedStyles } from './insightsStyles.ts';
import { useBoxWidth } from './useBoxWidth.ts';

const legendStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin: 0 0 0.75rem;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.small};
  li {
    display: flex;
    align-items: center;
    gap: 0.375rem;
  }
  span[aria-hidden] {
    width: 0.875rem;
    height: 0.875rem;
    border-radius: 2px;
  }
`;

interface HeatmapProps {
  heatmap: HeatmapResponse;
  onOpenImage: (number: number, state: number) => void;
}

export function Heatmap({ heatmap, onOpenImage }: HeatmapProps) {
  const { t } = useT();
  const states = useMemo(() => decodeStates(heatmap.states), [heatmap.states]);
  const [boxRef, width] = useBoxWidth<HTMLDivElement>(640);
  const counts = HEAT_STATES.map((_, code) => states.reduce((n, s) => (s === code ? n + 1 : n), 0));

  return (
    <div ref={boxRef}>
      <ul css={legendStyles} aria-label={t('progress.heatmap.legend')}>
        {HEAT_STATES.map((state, code) => (
          <li key={state} data-testid={`heat-count-${state}`}>
            <span aria-hidden style={{ background: HEAT_COLOURS[state] }} />
            {t('progress.heatmap.legendItem', { label: t('progress.heatmap.state', { state }), count: counts[code] })}
          </li>
        ))}
      </ul>
      {states.length === 0 ? (
        <p css={mutedStyles}>{t('progress.heatmap.empty')}</p>
      ) : (
        <HeatmapCanvas states={states} width={width} onOpenImage={onOpenImage} />
      )}
    </div>
  );
}
