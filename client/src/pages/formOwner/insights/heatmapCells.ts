/**
 * The heatmap's data and geometry, kept pure for tests: states as one byte per image (decoded
 * once from the server's base64), patched in place by live events, and where each cell is drawn.
 */
import { type HEAT_STATES, type HeatImage, heatStateOf } from '@formscribe/common/insights';

export const HEAT_COLOURS: Record<(typeof HEAT_STATES)[number], string> = {
  none: '#d5dce4',
  inProgress: '#7fb3e0',
  disputed: '#d9822b',
  verified: '#2f8f55',
  complete: '#1f4e79',
};

export function decodeStates(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The states with image `number` (1-based) set from a live event's image; a copy, or the same array when unchanged. */
export function withImageState(
  states: Uint8Array,
  number: number,
  image: HeatImage,
  requiredEntriesPerImage: number,
): Uint8Array {
  const index = number - 1;
  if (index < 0 || index >= states.length) return states;
  const state = heatStateOf(image, requiredEntriesPerImage);
  if (states[index] === state) return states;
  const next = states.slice();
  next[index] = state;
  return next;
}

/** Square cells filling `width`: 100,000 images at ~4 px, a few hundred at up to 18 px. */
export function heatLayout(count: number, width: number) {
  const area = Math.max(1, width) * 320;
  const cell = Math.max(3, Math.min(18, Math.floor(Math.sqrt(area / Math.max(1, count)))));
  const columns = Math.max(1, Math.floor(width / cell));
  return { cell, columns, rows: Math.ceil(count / columns), height: Math.ceil(count / columns) * cell };
}

/** The 1-based image number under a point of the canvas, if any. */
export function numberAt(x: number, y: number, count: number, layout: { cell: number; columns: number }) {
  const column = Math.floor(x / layout.cell);
  const row = Math.floor(y / layout.cell);
  if (column < 0 || column >= layout.columns || row < 0) return undefined;
  const index = row * layout.columns + column;
  return index < count ? index + 1 : undefined;
}

const STEPS: Record<string, (columns: number) => number> = {
  ArrowLeft: () => -1,
  ArrowRight: () => 1,
  ArrowUp: (columns) => -columns,
  ArrowDown: (columns) => columns,
};

/**
 * Where a key moves the heatmap's keyboard cursor from image `number` (1-based): arrows by a cell
 * or a row, Home and End to the first and last image; undefined for any other key.
 */
export function cellMove(key: string, number: number, count: number, columns: number): number | undefined {
  if (key === 'Home') return 1;
  if (key === 'End') return count;
  const step = STEPS[key];
  return step && Math.min(count, Math.max(1, number + step(columns)));
}
