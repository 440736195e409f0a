/** The runner's handle on one crowd process of B9 and B17 (see crowdProcess.ts). */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { type CrowdRun, type FromCrowd, isFromCrowd, type ThinkRange, type ToCrowd } from './crowdProtocol.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * BENCH_CROWD_CPU_PROF=dir profiles each crowd process (`node --cpu-prof`), as BENCH_CPU_PROF does
 * the app: the crowd shares the app's cores, so what it spends per cycle is the app's loss too.
 */
function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CROWD_CPU_PROF;
  return dir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(dir)] : [];
}

export interface Crowd {
  /** The crowd process, to count the CPU it uses. */
  pid: number;
  /**
   * Loops every contributor until `until` (epoch ms), spending `think` on each image when given;
   * resolves once all have finished their last round, to what was not drained before.
   */
  run(until: number, think?: ThinkRange): Promise<CrowdRun>;
  /** What the contributors tallied since the last drain (a long run collects as it goes). */
  drain(): Promise<CrowdRun>;
  lastStats(): Promise<(VerificationStats | null)[]>;
  close(): Promise<void>;
}

function next<T extends FromCrowd['type']>(child: ChildProcess, type: T): Promise<Extract<FromCrowd, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isFromCrowd(message)) return;
      if (message.type === 'failed') {
        cleanup();
        reject(new Error(`crowd: ${message.message}`));
      } else if (message.type === type) {
        cleanup();
        resolve(message as Extract<FromCrowd, { type: T }>);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`crowd process exited (${code}) before "${type}"`));
    };
    const cleanup = () => child.off('message', onMessage).off('exit', onExit);
    child.on('message', onMessage).on('exit', onExit);
  });
}

export async function startCrowd(
  url: string,
  formId: number,
  people: { contributors: string[]; owners: string[] },
): Promise<Crowd> {
  const child = fork(path.join(here, 'crowdProcess.ts'), [], {
    execArgv: ['--import', 'tsx', ...cpuProfileArgs()],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const tell = (message: ToCrowd) => child.send(message);
  const connected = next(child, 'connected');
  tell({ type: 'connect', url, formId, ...people });
  try {
    await connected;
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    pid: child.pid ?? 0,
    async run(until, think) {
      const ran = next(child, 'ran');
      tell({ type: 'run', until, think });
      const { type: _type, ...run } = await ran;
      return run;
    },
    async drain() {
      const drained = next(child, 'drained');
      tell({ type: 'drain' });
      const { type: _type, ...run } = await drained;
      return run;
    },
    async lastStats() {
      const answer = next(child, 'last-stats');
      tell({ type: 'last-stats' });
      return (await answer).stats;
    },
    async close() {
      const closed = next(child, 'closed');
      tell({ type: 'close' });
      await closed;
    },
  };
}
