/** The runner's handle on a watcher fleet process (see watcherFleetProcess.ts). */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FromFleet, isFromFleet, type ToFleet, type WatchTarget } from './fleetProtocol.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Arrivals {
  times: number[];
  missing: number;
}

export interface WatcherFleet {
  size: number;
  /** Arms the fleet; resolves once armed, to the arrivals of the next `form:stats`. */
  arm(timeoutMs?: number): Promise<{ arrivals: Promise<Arrivals> }>;
  close(): Promise<void>;
}

function next<T extends FromFleet['type']>(child: ChildProcess, type: T): Promise<Extract<FromFleet, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isFromFleet(message)) return;
      if (message.type === 'failed') {
        cleanup();
        reject(new Error(`watcher fleet: ${message.message}`));
      } else if (message.type === type) {
        cleanup();
        resolve(message as Extract<FromFleet, { type: T }>);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`watcher fleet exited (${code}) before "${type}"`));
    };
    const cleanup = () => child.off('message', onMessage).off('exit', onExit);
    child.on('message', onMessage).on('exit', onExit);
  });
}

export async function startWatcherFleet(targets: WatchTarget[], formId: number): Promise<WatcherFleet> {
  const child = fork(path.join(here, 'watcherFleetProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const tell = (message: ToFleet) => child.send(message);
  const connected = next(child, 'connected');
  tell({ type: 'connect', targets, formId });
  const { sockets } = await connected;
  return {
    size: sockets,
    async arm(timeoutMs = 10_000) {
      const armed = next(child, 'armed');
      const arrivals = next(child, 'arrivals');
      // A rejection before the caller awaits `arrivals` must not count as unhandled.
      arrivals.catch(() => {});
      tell({ type: 'arm', timeoutMs });
      await armed;
      return { arrivals };
    },
    async close() {
      const closed = next(child, 'closed');
      tell({ type: 'close' });
      await closed;
    },
  };
}

/**
 * Watchers split over several fleet processes, armed and read as one fleet. Real watchers are many
 * machines: one process stamping every arrival (≈ 20 µs each) would time its own queue, not the
 * nodes', and for two nodes it is the one reader both of them wait on.
 */
export async function startWatcherFleets(groups: WatchTarget[][], formId: number): Promise<WatcherFleet> {
  const fleets = await Promise.all(groups.map((targets) => startWatcherFleet(targets, formId)));
  return {
    size: fleets.reduce((sum, fleet) => sum + fleet.size, 0),
    async arm(timeoutMs) {
      const armed = await Promise.all(fleets.map((fleet) => fleet.arm(timeoutMs)));
      const arrivals = Promise.all(armed.map((each) => each.arrivals)).then((all) => ({
        times: all.flatMap((each) => each.times),
        missing: all.reduce((sum, each) => sum + each.missing, 0),
      }));
      arrivals.catch(() => {});
      return { arrivals };
    },
    async close() {
      await Promise.all(fleets.map((fleet) => fleet.close()));
    },
  };
}
