/**
 * Which benchmarks a run includes (`npm run bench -- B3 B4`; none named means all but B17) and how big
 * its data is: BENCH_SCALE multiplies the sizes BENCHMARKS.md names (1 by default).
 */
export const ALL_BENCHMARKS = [
  'B1',
  'B2',
  'B3',
  'B4',
  'B5',
  'B6',
  'B7',
  'B8',
  'B9',
  'B10',
  'B11',
  'B12',
  'B13',
  'B14',
  'B15',
  'B16',
  'B17',
  'B18',
] as const;
export type BenchmarkId = (typeof ALL_BENCHMARKS)[number];

const isBenchmarkId = (value: string): value is BenchmarkId => (ALL_BENCHMARKS as readonly string[]).includes(value);

/** Run only when named: B17 soaks for 30 minutes. */
const ONLY_WHEN_NAMED: readonly BenchmarkId[] = ['B17'];

export function selectBenchmarks(args: readonly string[]): Set<BenchmarkId> {
  const named = args.map((arg) => arg.trim().toUpperCase()).filter(Boolean);
  const unknown = named.filter((id) => !isBenchmarkId(id));
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${ALL_BENCHMARKS.join(' ')}`);
  const byDefault = ALL_BENCHMARKS.filter((id) => !ONLY_WHEN_NAMED.includes(id));
  return new Set(named.length ? named.filter(isBenchmarkId) : byDefault);
}

export function benchScale(env: NodeJS.ProcessEnv = process.env): number {
  const scale = Number(env.BENCH_SCALE ?? 1);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`BENCH_SCALE must be a positive number, not ${env.BENCH_SCALE}`);
  return scale;
}

/**
 * B4's memory growth needs a form of about a million rows: seeded by default (its bulk load takes
 * about a minute here, see b4LargeForm.ts); BENCH_B4_LARGE=0 skips it for quick tries.
 */
export function includeLargeExport(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.BENCH_B4_LARGE !== '0';
}

/**
 * XLSX is measured at 300k rows by default: exceljs writes about 4,000 rows/s here, so a million
 * rows would add over four minutes. BENCH_B4_XLSX_LARGE=1 exports the million-row form too.
 */
export function includeLargeXlsxExport(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.BENCH_B4_XLSX_LARGE === '1';
}
