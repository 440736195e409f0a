/**
 * A short burst of confetti after a filled-in entry is submitted (spec section 4: 3 seconds).
 * Plain elements with CSS animations: nothing to download, no canvas, and it is hidden from
 * assistive technology and from anyone who prefers reduced motion.
 */
import { css, keyframes } from '@emotion/react';
import { useMemo } from 'react';
import { CONFETTI_DURATION_MS } from './entryFeedback.ts';

const PIECE_COUNT = 80;
const COLOURS = ['#1f4e79', '#3b82c4', '#1e6b3a', '#f2b705', '#e4572e', '#9c4dcc'];

const fall = keyframes`
  0% { transform: translate3d(0, -10vh, 0) rotate(0deg); opacity: 1; }
  80% { opacity: 1; }
  100% { transform: translate3d(var(--drift), 105vh, 0) rotate(var(--spin)); opacity: 0; }
`;

const layerStyles = css`
  position: fixed;
  inset: 0;
  z-index: 90;
  overflow: hidden;
  pointer-events: none;
  @media (prefers-reduced-motion: reduce) {
    display: none;
  }
`;

const pieceStyles = css`
  position: absolute;
  top: 0;
  width: 0.5rem;
  height: 0.875rem;
  border-radius: 2px;
  animation-name: ${fall};
  animation-timing-function: cubic-bezier(0.25, 0.6, 0.5, 1);
  animation-fill-mode: forwards;
`;

interface Piece {
  left: number;
  delay: number;
  duration: number;
  drift: number;
  spin: number;
  colour: string;
}

function makePieces(): Piece[] {
  return Array.from({ length: PIECE_COUNT }, (_, i) => {
    const delay = Math.random() * 600;
    return {
      left: Math.random() * 100,
      delay,
      // Every piece is gone by the time the burst ends.
      duration: 1400 + Math.random() * (CONFETTI_DURATION_MS - 1400 - delay),
      drift: (Math.random() - 0.5) * 30,
      spin: (Math.random() > 0.5 ? 1 : -1) * (360 + Math.random() * 720),
      colour: COLOURS[i % COLOURS.length] ?? '#1f4e79',
    };
  });
}

/** Renders one burst; remount it (a new `key`) for another. The parent removes it after the burst. */
export function Confetti() {
  const pieces = useMemo(makePieces, []);
  return (
    <div css={layerStyles} aria-hidden data-testid="confetti">
      {pieces.map((piece, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never change order
          key={i}
          css={pieceStyles}
          style={
            {
              left: `${piece.left}%`,
              background: piece.colour,
              animationDelay: `${piece.delay}ms`,
              animationDuration: `${piece.duration}ms`,
              '--drift': `${piece.drift}vw`,
              '--spin': `${piece.spin}deg`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}
