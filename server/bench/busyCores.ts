/**
 * Keeps n cores busy (one spinning Node process each) for as long as a benchmark runs, so a
 * figure measured on a quiet machine can be measured again with a known share of the cores
 * taken: B13 with BENCH_B13_BUSY=1 tells how much of a loaded run's LCP and TBT is the machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface BusyCores {
  count: number;
  stop(): Promise<void>;
}

export function busyCores(count: number): BusyCores {
  const spinners: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    spinners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  return {
    count,
    async stop() {
      await Promise.all(
        spinners.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

/** BENCH_B13_BUSY=n (0 by default): how many cores to keep busy while Lighthouse runs. */
export function busyCoresFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.BENCH_B13_BUSY ?? 0);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`BENCH_B13_BUSY must be 0 or more, not ${env.BENCH_B13_BUSY}`);
  return value;
}
