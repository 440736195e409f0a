/**
 * The heatmap's cells on one <canvas> (100,000 images are one bitmap, not 100,000 DOM nodes). A
 * cell names its image and state in a tooltip under the pointer; by keyboard the canvas takes
 * focus, the arrow keys move a cursor from image to image (read aloud through a live region) and
 * Enter opens the image, as a click does. The grid is drawn from the left in every language: it is
 * a picture of the images in upload order (like the chart's time axis), and the arrow keys move the
 * way the cells lie on screen, not the way text runs.
 */
import { css } from '@emotion/react';
import { HEAT_STATES } from '@formscribe/common/insights';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { visuallyHidden } from '../../../components/ui/visuallyHidden.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { ChartTooltip } from './ChartTooltip.tsx';
import { cellMove, HEAT_COLOURS, heatLayout, numberAt } from './heatmapCells.ts';

const boxStyles = css`
  /* Positioned: the cursor, the tooltip and the hidden reading are placed inside it. */
  position: relative;
  canvas {
    display: block;
    cursor: pointer;
    max-width: 100%;
    border-radius: 2px;
    /* Physical on purpose: the cursor and tooltip are placed from the canvas's left edge, also in Arabic. */
    margin-left: 0;
    margin-right: auto;
  }
  canvas:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

const cursorStyles = css`
  position: absolute;
  box-sizing: border-box;
  border: 2px solid ${theme.colors.text};
  pointer-events: none;
`;

interface HeatmapCanvasProps {
  states: Uint8Array;
  width: number;
  onOpenImage: (number: number, state: number) => void;
}

export function HeatmapCanvas({ states, width, onOpenImage }: HeatmapCanvasProps) {
  const { t } = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [cursor, setCursor] = useState<number>();
  const readingId = useId();
  const layout = heatLayout(states.length, width);
  const stateOf = (number: number) => states[number - 1] ?? 0;
  const describe = (number: number) =>
    t('progress.heatmap.cell', {
      number,
      state: t('progress.heatmap.state', { state: HEAT_STATES[stateOf(number)] ?? 'none' }),
    });

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

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'Enter' || event.key === ' ') && cursor !== undefined) {
      event.preventDefault();
      onOpenImage(cursor, stateOf(cursor));
      return;
    }
    const next = cellMove(event.key, cursor ?? 1, states.length, layout.columns);
    if (next === undefined) return;
    event.preventDefault();
    setCursor(next);
  };
  const cell =
    cursor === undefined
      ? undefined
      : {
          x: ((cursor - 1) % layout.columns) * layout.cell,
          y: Math.floor((cursor - 1) / layout.columns) * layout.cell,
        };

  return (
    <div css={boxStyles}>
      <canvas
        ref={canvasRef}
        data-testid="insights-heatmap"
        role="img"
        tabIndex={0}
        aria-label={t('progress.heatmap.canvasLabel', { count: states.length })}
        aria-describedby={readingId}
        style={{ width: layout.columns * layout.cell, height: layout.height }}
        onKeyDown={onKeyDown}
        onFocus={() => setCursor((number) => number ?? 1)}
        onBlur={() => setCursor(undefined)}
        onPointerMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          setCursor(numberAt(event.clientX - box.left, event.clientY - box.top, states.length, layout));
        }}
        onPointerLeave={() => setCursor(undefined)}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const number = numberAt(event.clientX - box.left, event.clientY - box.top, states.length, layout);
          if (number !== undefined) onOpenImage(number, stateOf(number));
        }}
      />
      {cursor !== undefined && cell && (
        <>
          <div
            css={cursorStyles}
            style={{ left: cell.x - 1, top: cell.y - 1, width: layout.cell + 2, height: layout.cell + 2 }}
          />
          <ChartTooltip
            x={cell.x + layout.cell / 2}
            top={cell.y + layout.cell + 4}
            boxWidth={width}
            testId="heatmap-tooltip"
          >
            {describe(cursor)}
          </ChartTooltip>
        </>
      )}
      <p id={readingId} css={visuallyHidden} aria-live="polite">
        {cursor === undefined ? '' : describe(cursor)}
      </p>
    </div>
  );
}
