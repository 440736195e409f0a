/**
 * B9's settings from the environment, documented in docs/benchmarks.md:
 * B9_CONTRIBUTORS (500), B9_SECONDS (60 per phase), B9_OWNERS (20), B9_WORKERS (2 crowd
 * processes), B9_IMAGES (enough for 600 submissions/s), B9_THINK_MS (1500-4500: B9b's time on an
 * image) and B9_ONLY (a or b: one phase, e.g. for a CPU profile of B9a alone).
 */
import type { ThinkRange } from './crowdProtocol.ts';
import { THRESHOLD } from './seedData.ts';

/** B9a: capacity, a closed loop. B9b: latency, contributors who spend time on each image. */
export type B9Phase = 'a' | 'b';

export interface B9Options {
  contributors: number;
  seconds: number;
  owners: number;
  workers: number;
  images: number;
  /** B9b's time on an image, drawn uniformly per image. */
  think: ThinkRange;
  phases: B9Phase[];
}

const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, not ${env[name]}`);
  return value;
};

/** `1500-4500` (ms), or one number for a fixed time. */
export function parseThink(text: string): ThinkRange {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  const minMs = Number(match?.[1]);
  const maxMs = Number(match?.[2] ?? match?.[1]);
  if (!match || minMs <= 0 || maxMs < minMs) throw new Error(`B9_THINK_MS must be like 1500-4500, not ${text}`);
  return { minMs, maxMs };
}

function phasesOf(only: string | undefined): B9Phase[] {
  if (only === undefined || only === '') return ['a', 'b'];
  if (only === 'a' || only === 'b') return [only];
  throw new Error(`B9_ONLY must be a or b, not ${only}`);
}

export function b9Options(env: NodeJS.ProcessEnv = process.env): B9Options {
  if (env.B9_RATE !== undefined)
    throw new Error('B9_RATE is gone: B9b offers its rate through think times (B9_THINK_MS=1500-4500)');
  const seconds = positive(env, 'B9_SECONDS', 60);
  return {
    contributors: positive(env, 'B9_CONTRIBUTORS', 500),
    seconds,
    owners: positive(env, 'B9_OWNERS', 20),
    workers: positive(env, 'B9_WORKERS', 2),
    // Work must never run out: room for 600 submissions/s, three times B9a's target.
    images: positive(env, 'B9_IMAGES', Math.ceil((600 * seconds) / THRESHOLD)),
    think: parseThink(env.B9_THINK_MS ?? '1500-4500'),
    phases: phasesOf(env.B9_ONLY?.trim().toLowerCase()),
  };
}

/** Cycles per second the think times alone allow: what B9b offers (each person's requests add to it). */
export function offeredPerSecond(contributors: number, think: ThinkRange): number {
  return (contributors * 1000) / ((think.minMs + think.maxMs) / 2);
}
