/**
 * Box arithmetic for field regions, in page fractions (0..1): drawing from two points, moving,
 * resizing by a handle, and keyboard nudging. Every result stays inside the page, and nothing
 * snaps: the box lands where the pointer or the keys put it.
 */
import { type FieldRegion, MIN_REGION_SIDE, regionSizeIssue } from '@formscribe/common/fields';

export interface PagePoint {
  x: number;
  y: number;
}

export type RegionHandle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export const REGION_HANDLES: readonly RegionHandle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** One arrow press moves the box this much of the page; with Shift, ten times as much. */
export const NUDGE_STEP = 0.002;
export const LARGE_NUDGE_STEP = 0.02;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

export const clampPoint = (point: PagePoint): PagePoint => ({ x: clamp01(point.x), y: clamp01(point.y) });

/** The box with corners `a` and `b`, in whichever order the pointer moved. */
export function regionFromPoints(a: PagePoint, b: PagePoint): FieldRegion {
  const p = clampPoint(a);
  const q = clampPoint(b);
  return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), w: Math.abs(p.x - q.x), h: Math.abs(p.y - q.y) };
}

/** Big enough to be a box rather than a stray click, and no larger than a field's box may be (the server's limits). */
export const isUsableRegion = (region: FieldRegion) => regionSizeIssue(region) === null;

/** The box moved by (dx, dy), stopped at the page's edges. */
export function moveRegion(region: FieldRegion, dx: number, dy: number): FieldRegion {
  return {
    ...region,
    x: Math.min(1 - region.w, Math.max(0, region.x + dx)),
    y: Math.min(1 - region.h, Math.max(0, region.y + dy)),
  };
}

/** The box with the edges a handle holds dragged to `point` (past the opposite edge, the box flips). */
export function resizeRegion(region: FieldRegion, handle: RegionHandle, point: PagePoint): FieldRegion {
  const p = clampPoint(point);
  let left = region.x;
  let top = region.y;
  let right = region.x + region.w;
  let bottom = region.y + region.h;
  if (handle.includes('w')) left = p.x;
  if (handle.includes('e')) right = p.x;
  if (handle.includes('n')) top = p.y;
  if (handle.includes('s')) bottom = p.y;
  return regionFromPoints({ x: left, y: top }, { x: right, y: bottom });
}

const ARROWS: Record<string, PagePoint> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The box after an arrow key: moved, or with Alt grown/shrunk from its bottom-right corner.
 * Undefined for any other key.
 */
export function nudgeRegion(
  region: FieldRegion,
  key: string,
  modifiers: { shiftKey: boolean; altKey: boolean },
): FieldRegion | undefined {
  const direction = ARROWS[key];
  if (!direction) return undefined;
  const step = modifiers.shiftKey ? LARGE_NUDGE_STEP : NUDGE_STEP;
  if (!modifiers.altKey) return moveRegion(region, direction.x * step, direction.y * step);
  const w = Math.min(1 - region.x, Math.max(MIN_REGION_SIDE, region.w + direction.x * step));
  const h = Math.min(1 - region.y, Math.max(MIN_REGION_SIDE, region.h + direction.y * step));
  return { ...region, w, h };
}

/** Where a pointer event falls on an element showing the page, in page fractions. */
export function pagePointOf(event: { clientX: number; clientY: number }, element: Element): PagePoint {
  const rect = element.getBoundingClientRect();
  return {
    x: rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0,
    y: rect.height > 0 ? (event.clientY - rect.top) / rect.height : 0,
  };
}

/**
 * CSS placing a box over the page it belongs to (percentages of the page element). Physical
 * `left`, not `inset-inline-start`: x is measured from the paper's left edge, and the scan is not
 * mirrored in right-to-left languages.
 */
export function regionBoxStyle(region: FieldRegion) {
  return {
    left: `${region.x * 100}%`,
    top: `${region.y * 100}%`,
    width: `${region.w * 100}%`,
    height: `${region.h * 100}%`,
  };
}
