/**
 * B17's sampler: every 10 s, what a leak would make grow, read from outside the processes (Linux
 * /proc, and PostgreSQL's own view of its connections).
 *
 * PostgreSQL's backends map one shared segment (shared_buffers) that each counts in its RSS as it
 * touches pages, so their RSS summed counts it once per backend and grows as the cache warms,
 * leak or not. The sample therefore keeps their private memory (RssAnon: where a backend's leak
 * shows) summed, and the shared segment once (the largest RssShmem), apart.
 */
import fs from 'node:fs';
import type pg from 'pg';
import { cpuMsOf, postgresPids } from './processCpu.ts';

export interface SoakSample {
  /** Seconds since the soak began. */
  atSeconds: number;
  appRssMb: number;
  /** PostgreSQL's postmaster and backends: private memory summed, and the shared segment once. */
  postgresPrivateMb: number;
  postgresSharedMb: number;
  postgresProcesses: number;
  /** One per crowd process. */
  crowdRssMb: number[];
  /**
   * Open file descriptors of the app (/proc/pid/fd): all, sockets, and of those the ones whose
   * peer has hung up but the app has not closed (CLOSE_WAIT: a socket leak). Sockets alone swing
   * by a hundred between samples: the crowd's HTTP keep-alive connections close after 4 s idle,
   * about one think time, and reopen.
   */
  appFds: number;
  appSockets: number;
  appSocketsClosing: number;
  /** The app's other descriptors by kind (file, pipe:, anon_inode:[eventfd] …), to tell a leak's kind. */
  appOtherFds: Record<string, number>;
  /** Client connections in pg_stat_activity (the app's pools, pg-boss's and the bench's own). */
  postgresConnections: number;
  /**
   * CPU ms since the previous sample: the app's, and PostgreSQL's (server and every backend; one
   * that exits between samples takes its last interval with it). Per submission, they say whether
   * the work of a cycle grows as the tables do.
   */
  appCpuMs: number;
  postgresCpuMs: number;
  /** What autovacuum workers were doing at the sample ("VACUUM public.field_values" …). */
  autovacuum: string[];
}

/** CPU ms each process had used at the previous sample, to take the next sample's share from. */
export interface CpuSeen {
  app: number;
  postgres: Map<number, number>;
}

export const newCpuSeen = (): CpuSeen => ({ app: 0, postgres: new Map() });

/** Fields of /proc/pid/status in MB (they are in kB there); zeros for a process that is gone. */
function memoryOf(pid: number): { rss: number; anon: number; shmem: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
    return { rss: mb('VmRSS'), anon: mb('RssAnon'), shmem: mb('RssShmem') };
  } catch {
    return { rss: 0, anon: 0, shmem: 0 };
  }
}

/** TCP state 08 (CLOSE_WAIT) by socket inode, from /proc/pid/net/tcp and tcp6. */
function closingInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['tcp', 'tcp6']) {
    try {
      for (const line of fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
        const columns = line.trim().split(/\s+/);
        if (columns[3] === '08' && columns[9]) inodes.add(columns[9]);
      }
    } catch {
      // no such table (no IPv6): nothing in it
    }
  }
  return inodes;
}

interface Descriptors {
  fds: number;
  sockets: number;
  closing: number;
  others: Record<string, number>;
}

function descriptorsOf(pid: number): Descriptors {
  try {
    const fds = fs.readdirSync(`/proc/${pid}/fd`);
    const closing = closingInodes(pid);
    const others: Record<string, number> = {};
    let sockets = 0;
    let closingSockets = 0;
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (!target.startsWith('socket:')) {
          const kind = target.startsWith('/') ? 'file' : target.replace(/\[\d+\]$/, '');
          others[kind] = (others[kind] ?? 0) + 1;
          continue;
        }
        sockets++;
        if (closing.has(target.slice('socket:['.length, -1))) closingSockets++;
      } catch {
        // closed between the listing and the look: not open any more
      }
    }
    return { fds: fds.length, sockets, closing: closingSockets, others };
  } catch {
    return { fds: 0, sockets: 0, closing: 0, others: {} };
  }
}

const mb1 = (value: number) => Math.round(value * 10) / 10;

export interface SoakProcesses {
  app: number;
  crowds: number[];
  databaseUrl: string;
  /** A connection to count pg_stat_activity with (it counts itself, the same in every sample). */
  db: pg.ClientBase;
  /** Updated by each sample. */
  cpuSeen: CpuSeen;
}

function cpuSince(seen: CpuSeen, appPid: number, postgres: readonly number[]): { appMs: number; postgresMs: number } {
  const app = cpuMsOf(appPid);
  const appMs = app - seen.app;
  seen.app = app;
  let postgresMs = 0;
  const now = new Map(postgres.map((pid) => [pid, cpuMsOf(pid)]));
  for (const [pid, ms] of now) postgresMs += ms - (seen.postgres.get(pid) ?? 0);
  seen.postgres = now;
  return { appMs, postgresMs };
}

export async function sampleSoak(processes: SoakProcesses, atSeconds: number): Promise<SoakSample> {
  const port = new URL(processes.databaseUrl).port || '5432';
  const pids = postgresPids(port);
  const postgres = pids.map(memoryOf);
  const app = memoryOf(processes.app);
  const cpu = cpuSince(processes.cpuSeen, processes.app, pids);
  const descriptors = descriptorsOf(processes.app);
  const { rows } = await processes.db.query<{ n: number; autovacuum: string[] }>(
    `SELECT count(*) FILTER (WHERE backend_type = 'client backend')::int AS n,
       coalesce(array_agg(regexp_replace(query, '^autovacuum: ', '')) FILTER (WHERE backend_type = 'autovacuum worker'), '{}') AS autovacuum
     FROM pg_stat_activity`,
  );
  return {
    atSeconds: Math.round(atSeconds),
    appRssMb: mb1(app.rss),
    postgresPrivateMb: mb1(postgres.reduce((sum, p) => sum + p.anon, 0)),
    postgresSharedMb: mb1(postgres.reduce((most, p) => Math.max(most, p.shmem), 0)),
    postgresProcesses: postgres.length,
    crowdRssMb: processes.crowds.map((pid) => mb1(memoryOf(pid).rss)),
    appFds: descriptors.fds,
    appSockets: descriptors.sockets,
    appSocketsClosing: descriptors.closing,
    appOtherFds: descriptors.others,
    postgresConnections: rows[0]?.n ?? 0,
    appCpuMs: cpu.appMs,
    postgresCpuMs: cpu.postgresMs,
    autovacuum: rows[0]?.autovacuum ?? [],
  };
}
