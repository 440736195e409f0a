/**
 * How far a scan sits from the form's sample image, found by matching their edges. Both pages are
 * compared as the entry page shows them, each turned by its own rotation (upright), so a scan fed
 * in sideways and turned upright (by a person or by orientation detection) matches the sample as
 * well as one fed in straight; the shift is a move on the page as shown. Both are
 * downscaled to the sample's shape and reduced to gradient magnitude (edges survive changes of
 * brightness, paper tone and ink, which raw pixels do not), then the offset whose overlap
 * correlates best is searched over a small window, coarse first and refined at a finer scale.
 *
 * The event loop stays free: decoding and resizing run in sharp's own threads, and the search
 * (about ten million multiply-adds per image) gives the loop back after every few offsets, so no
 * slice holds it for more than a few milliseconds. Everything stays on the server.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import sharp from 'sharp';
import { type QuarterTurn, quarterTurnOf } from '../ocr/regionCrops.ts';

/** A stored page (encoded) and its rotation: the page is compared turned as it is shown. */
export interface ShownPage {
  image: Buffer;
  rotation: number;
}

export interface EstimatedShift {
  /** How far the scan's content sits right of (and below) the sample's, as fractions of its size. */
  dx: number;
  dy: number;
  /** 0..1: the edge maps' correlation at the best offset (1 = the same edges). */
  confidence: number;
}

/** Widths the two stages match at; the search window is a fraction of the width either way. */
const COARSE_WIDTH = 80;
const FINE_WIDTH = 240;
/** Scans are rarely off by more than this much of the page; a larger window only finds wrong matches. */
const MAX_SHIFT_FRACTION = 0.12;
/** The fine stage looks this many fine pixels around the coarse answer (scaled up). */
const REFINE_RADIUS = 4;
/** Multiply-adds between two yields to the event loop (a couple of milliseconds). */
const WORK_PER_SLICE = 400_000;

interface EdgeMap {
  width: number;
  height: number;
  edges: Float32Array;
}

const isSideways = (turn: QuarterTurn) => turn === 90 || turn === 270;

/**
 * The page turned as shown, greyscale, at `width` × `height` (its shown shape): shrunk first, as
 * filed, then turned, so only the small copy is turned.
 */
async function shownGrey(page: ShownPage, width: number, height: number): Promise<Buffer> {
  const turn = quarterTurnOf(page.rotation);
  const filed = sharp(page.image).rotate().greyscale();
  if (turn === 0) return filed.resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const small = isSideways(turn) ? { width: height, height: width } : { width, height };
  const { data, info } = await filed
    .resize(small.width, small.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .rotate(turn)
    .greyscale() // else sharp answers in three channels
    .raw()
    .toBuffer();
}

/** Greyscale at `width` × `height`, then the gradient magnitude (central differences). */
async function edgeMap(page: ShownPage, width: number, height: number): Promise<EdgeMap> {
  const data = await shownGrey(page, width, height);
  const edges = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const gx = (data[i + 1] ?? 0) - (data[i - 1] ?? 0);
      const gy = (data[i + width] ?? 0) - (data[i - width] ?? 0);
      edges[i] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return { width, height, edges };
}

/** Normalised correlation of the sample with the scan moved by (ox, oy), over their overlap. */
function correlationAt(sample: EdgeMap, scan: EdgeMap, ox: number, oy: number): number {
  const { width, height } = sample;
  const x0 = Math.max(0, -ox);
  const x1 = Math.min(width, width - ox);
  const y0 = Math.max(0, -oy);
  const y1 = Math.min(height, height - oy);
  let n = 0;
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let y = y0; y < y1; y += 1) {
    const rowA = y * width;
    const rowB = (y + oy) * width + ox;
    for (let x = x0; x < x1; x += 1) {
      const a = sample.edges[rowA + x] ?? 0;
      const b = scan.edges[rowB + x] ?? 0;
      sumA += a;
      sumB += b;
      sumAA += a * a;
      sumBB += b * b;
      sumAB += a * b;
      n += 1;
    }
  }
  if (n === 0) return 0;
  const cov = sumAB - (sumA * sumB) / n;
  const varA = sumAA - (sumA * sumA) / n;
  const varB = sumBB - (sumB * sumB) / n;
  return varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : 0;
}

async function bestOffset(sample: EdgeMap, scan: EdgeMap, centre: { x: number; y: number }, radius: number) {
  let best = { x: centre.x, y: centre.y, score: Number.NEGATIVE_INFINITY };
  const offsetsPerSlice = Math.max(1, Math.floor(WORK_PER_SLICE / (sample.width * sample.height)));
  let done = 0;
  for (let oy = centre.y - radius; oy <= centre.y + radius; oy += 1) {
    for (let ox = centre.x - radius; ox <= centre.x + radius; ox += 1) {
      const score = correlationAt(sample, scan, ox, oy);
      if (score > best.score) best = { x: ox, y: oy, score };
      done += 1;
      if (done % offsetsPerSlice === 0) await yieldToLoop();
    }
  }
  return best;
}

/** The sample's shape as shown at `width` pixels across (at least 8 rows). */
async function shapeAt(sample: ShownPage, width: number) {
  const meta = await sharp(sample.image).rotate().metadata();
  const filedWidth = meta.autoOrient?.width ?? meta.width ?? width;
  const filedHeight = meta.autoOrient?.height ?? meta.height ?? width;
  const sideways = isSideways(quarterTurnOf(sample.rotation));
  const [shownWidth, shownHeight] = sideways ? [filedHeight, filedWidth] : [filedWidth, filedHeight];
  return { width, height: Math.max(8, Math.round((width * shownHeight) / shownWidth)) };
}

/** Where `scan`'s content sits relative to `sample`'s, both as shown (turned by their rotations). */
export async function estimateShift(sample: ShownPage, scan: ShownPage): Promise<EstimatedShift> {
  const coarseShape = await shapeAt(sample, COARSE_WIDTH);
  const fineShape = await shapeAt(sample, FINE_WIDTH);
  const [coarseSample, coarseScan, fineSample, fineScan] = await Promise.all([
    edgeMap(sample, coarseShape.width, coarseShape.height),
    edgeMap(scan, coarseShape.width, coarseShape.height),
    edgeMap(sample, fineShape.width, fineShape.height),
    edgeMap(scan, fineShape.width, fineShape.height),
  ]);
  const coarseRadius = Math.ceil(COARSE_WIDTH * MAX_SHIFT_FRACTION);
  const coarse = await bestOffset(coarseSample, coarseScan, { x: 0, y: 0 }, coarseRadius);
  const scale = FINE_WIDTH / COARSE_WIDTH;
  const fine = await bestOffset(
    fineSample,
    fineScan,
    { x: Math.round(coarse.x * scale), y: Math.round(coarse.y * scale) },
    REFINE_RADIUS,
  );
  return {
    dx: fine.x / fineShape.width,
    dy: fine.y / fineShape.height,
    confidence: Math.round(Math.min(1, Math.max(0, fine.score)) * 100) / 100,
  };
}
