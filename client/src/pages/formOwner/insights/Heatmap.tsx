/**
 * Every image as one cell on a <canvas>, coloured by its state (100,000 images are one bitmap, not
 * 100,000 DOM nodes). Clicking a cell opens that image's entries and disagreement view.
 */
import { css } from '@emotion/react';
import { HEAT_STATES } from '@formscribe/common/insights';
import type { HeatmapResponse } from '@formscribe/common/schemas/insights';
import { useEffect, useMemo, useRef } from 'react';
import { theme } from '../../../theme/theme.ts';
import { decodeStates, HEAT_COLOURS, HEAT_LABELS, heatLayout, numberAt } from './heatmapCells.ts';
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

const canvasStyles = css`
  display: block;
  cursor: pointer;
  max-width: 100%;
`;

interface HeatmapProps {
  heatmap: HeatmapResponse;
  onOpenImage: (number: number, state: number) => void;
}

export function Heatmap({ heatmap, onOpenImage }: HeatmapProps) {
  const states = useMemo(() => decodeStates(heatmap.states), [heatmap.states]);
  const [boxRef, width] = useBoxWidth<HTMLDivElement>(640);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layout = heatLayout(states.length, width);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = layout.columns * layout.cell * ratio;
    canvas.height = Math.max(1, layout.height) * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const gap = layout.cell > 5 ? 1 : 0;
    // One fillStyle per state: drawing 100,000 cells this way takes a few milliseconds.
    HEAT_STATES.forEach((state, code) => {
      context.fillStyle = HEAT_COLOURS[state];
      for (let i = 0; i < states.length; i += 1) {
        if (states[i] !== code) continue;
        const x = (i % layout.columns) * layout.cell;
        const y = Math.floor(i / layout.columns) * layout.cell;
        context.fillRect(x, y, layout.cell - gap, layout.cell - gap);
      }
    });
  }, [states, layout.columns, layout.cell, layout.height]);

  const counts = HEAT_STATES.map((_, code) => states.reduce((n, s) => (s === code ? n + 1 : n), 0));

  return (
    <div ref={boxRef}>
      <ul css={legendStyles} aria-label="Image states">
        {HEAT_STATES.map((state, code) => (
          <li key={state} data-testid={`heat-count-${state}`}>
            <span aria-hidden style={{ background: HEAT_COLOURS[state] }} />
            {HEAT_LABELS[state]}: {counts[code]}
          </li>
        ))}
      </ul>
      <canvas
        ref={canvasRef}
        css={canvasStyles}
        data-testid="insights-heatmap"
        role="img"
        aria-label={`${states.length} images by state; click one to open its entries`}
        style={{ width: layout.columns * layout.cell, height: layout.height }}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const number = numberAt(event.clientX - box.left, event.clientY - box.top, states.length, layout);
          if (number !== undefined) onOpenImage(number, states[number - 1] ?? 0);
        }}
      />
    </div>
  );
}
