/**
 * CPU time (user + system, every thread) used by the processes a figure runs on, read from /proc:
 * how one request's cost splits between the app, PostgreSQL and this process (the load generator,
 * or the primitive's own client). On two shared cores a ratio says only that one side is slower;
 * the split says which process would have to shed how much. Linux only: elsewhere there is no
 * split and the figure leaves it out.
 */
import fs from 'node:fs';
import { round } from './measure.ts';

/** /proc counts CPU in clock ticks of USER_HZ, which is 100 on every Linux build. */
const MS_PER_TICK = 10;

export interface CpuSplit {
  appMs: number;
  postgresMs: number;
  /** What drives the load: the HTTP load generator, the crowd, or the primitive's database client. */
  driverMs: number;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** utime + stime of the whole process, in ms; 0 for one that is gone. */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid);
  // After the name: state, ppid, …; utime and stime are the 12th and 13th.
  return fields ? (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK : 0;
}

/** The PostgreSQL server listening on `port` and its children (backends, WAL writer, checkpointer …). */
export function postgresPids(port: string): number[] {
  const pids = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const postmaster = pids.find((pid) => {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return argv[0]?.endsWith('/postgres') && argv[argv.indexOf('-p') + 1] === port;
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return [];
  return [postmaster, ...pids.filter((pid) => statFields(pid)?.[1] === String(postmaster))];
}

export interface MeasuredProcesses {
  app: number[];
  /** The processes driving the load; this one when not given. */
  driver?: number[];
  /** The PostgreSQL whose server and backends are counted. */
  databaseUrl: string;
}

/**
 * Sums the CPU the app, the PostgreSQL of `databaseUrl` and the load's drivers use while `phase`
 * runs. Backends that exit during the phase take their time with them; the pools keep theirs
 * open, so the loss is a connection's start-up at most.
 */
export async function measureCpu<T>(
  processes: MeasuredProcesses,
  phase: () => Promise<T>,
): Promise<{ result: T; cpu: CpuSplit | undefined }> {
  if (!fs.existsSync('/proc/self/stat')) return { result: await phase(), cpu: undefined };
  const port = new URL(processes.databaseUrl).port || '5432';
  const driver = processes.driver ?? [process.pid];
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuMsOf(pid), 0);
  const postgres = () => new Map(postgresPids(port).map((pid) => [pid, cpuMsOf(pid)]));
  const before = { app: sum(processes.app), driver: sum(driver), postgres: postgres() };
  const result = await phase();
  let postgresMs = 0;
  for (const [pid, ms] of postgres()) postgresMs += ms - (before.postgres.get(pid) ?? 0);
  const cpu = { appMs: sum(processes.app) - before.app, postgresMs, driverMs: sum(driver) - before.driver };
  return { result, cpu };
}

/** Adds up splits (several runs of one side); undefined when any run had none. */
export function addCpu(splits: (CpuSplit | undefined)[]): CpuSplit | undefined {
  if (splits.some((s) => s === undefined)) return undefined;
  return (splits as CpuSplit[]).reduce(
    (sum, s) => ({
      appMs: sum.appMs + s.appMs,
      postgresMs: sum.postgresMs + s.postgresMs,
      driverMs: sum.driverMs + s.driverMs,
    }),
    { appMs: 0, postgresMs: 0, driverMs: 0 },
  );
}

/** A split over `requests` requests: CPU ms per request; undefined when there is none. */
export function perRequest(total: CpuSplit | undefined, requests: number): CpuSplit | undefined {
  if (!total || requests === 0) return undefined;
  const each = (ms: number) => round(ms / requests, 2);
  return { appMs: each(total.appMs), postgresMs: each(total.postgresMs), driverMs: each(total.driverMs) };
}

/** All three processes' CPU together, in ms. */
export function totalCpuMs(split: CpuSplit): number {
  return round(split.appMs + split.postgresMs + split.driverMs, 2);
}
