/**
 * A PostgreSQL left running by an earlier run. When node is killed with -9 (the OOM killer
 * does that), the embedded PostgreSQL it started keeps running without a parent and keeps its
 * data directory locked (`postmaster.pid`), so the next start cannot start its own. PostgreSQL
 * cannot be told to exit with its parent, so the next start clears the way: it stops an
 * orphan (fast shutdown: a clean checkpoint, no data lost), removes a lock file whose process
 * is gone, and refuses to touch a server that another running Formscribe still owns.
 *
 * "Owns" is exact, not guessed: before starting PostgreSQL each run writes its own pid beside
 * the cluster (`<cluster>.owner`); the server still belongs to that run exactly when its parent
 * process is that pid (an orphan is adopted by init or a subreaper, never by its dead parent).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../logger.ts';

const run = promisify(execFile);

/** What the first lines of `postmaster.pid` say (PostgreSQL's lock file, see pidfile.h). */
export interface PostmasterLock {
  pid: number;
  port: number | undefined;
}

export type LeftoverServer =
  | { state: 'none' }
  | { state: 'stale'; lock: PostmasterLock }
  | { state: 'orphan'; lock: PostmasterLock }
  | { state: 'in-use'; lock: PostmasterLock; ownerPid: number };

const ownerFile = (clusterDir: string) => `${clusterDir}.owner`;
const lockFile = (clusterDir: string) => path.join(clusterDir, 'postmaster.pid');

export async function readPostmasterLock(clusterDir: string): Promise<PostmasterLock | undefined> {
  const text = await fs.readFile(lockFile(clusterDir), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const [pidLine = '', , , portLine = ''] = text.split('\n');
  // A lock file cut short by a crash names no process (pid 0): it is treated as stale.
  const pid = Math.max(Number.parseInt(pidLine, 10) || 0, 0);
  const port = Number.parseInt(portLine, 10) || undefined;
  return { pid, port };
}

/** True while `pid` exists (EPERM: it exists but belongs to a user we may not signal). */
function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** argv of a process: /proc on Linux, `ps` elsewhere (macOS). */
async function commandLine(pid: number): Promise<string[]> {
  const proc = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (proc !== undefined) return proc.split('\0').filter(Boolean);
  const { stdout } = await run('ps', ['-o', 'command=', '-p', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout.trim().split(/\s+/).filter(Boolean);
}

async function parentPid(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
  const field = stat
    ? stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]
    : (await run('ps', ['-o', 'ppid=', '-p', String(pid)]).catch(() => ({ stdout: '' }))).stdout.trim();
  const parsed = Number.parseInt(field ?? '', 10);
  return parsed > 0 ? parsed : undefined;
}

/** Whether this is a `postgres` server for `clusterDir` (and not some process that reused the pid). */
function isPostgresFor(argv: string[], clusterDir: string): boolean {
  const [program = ''] = argv;
  const dataDirIndex = argv.indexOf('-D');
  const dataDir = dataDirIndex === -1 ? undefined : argv[dataDirIndex + 1];
  return path.basename(program) === 'postgres' && !!dataDir && path.resolve(dataDir) === path.resolve(clusterDir);
}

async function readOwnerPid(clusterDir: string): Promise<number | undefined> {
  const text = await fs.readFile(ownerFile(clusterDir), 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return pid > 0 ? pid : undefined;
}

/** Records this process as the one that starts (and so is the parent of) the cluster's server. */
export async function claimCluster(clusterDir: string): Promise<void> {
  await fs.writeFile(ownerFile(clusterDir), `${process.pid}\n`, { mode: 0o644 });
}

/** Finds out who, if anyone, holds the cluster's lock file. */
export async function findLeftoverServer(clusterDir: string): Promise<LeftoverServer> {
  const lock = await readPostmasterLock(clusterDir);
  if (!lock) return { state: 'none' };
  if (!isAlive(lock.pid) || !isPostgresFor(await commandLine(lock.pid), clusterDir)) return { state: 'stale', lock };
  const parent = await parentPid(lock.pid);
  const owner = await readOwnerPid(clusterDir);
  if (owner !== undefined) {
    return parent === owner && isAlive(owner) ? { state: 'in-use', lock, ownerPid: owner } : { state: 'orphan', lock };
  }
  // No owner record (a cluster from before records existed): only init's adoption tells.
  if (parent === undefined || parent === 1) return { state: 'orphan', lock };
  return { state: 'in-use', lock, ownerPid: parent };
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Clears the way for a new server on `clusterDir`: stops an orphaned server (fast shutdown,
 * then immediate shutdown if it hangs) and removes a stale lock file. Throws, with what to do,
 * when a running Formscribe owns the server or the orphan cannot be stopped.
 */
export async function clearLeftoverServer(clusterDir: string, logger: Logger): Promise<void> {
  const leftover = await findLeftoverServer(clusterDir);
  if (leftover.state === 'none') return;
  const { lock } = leftover;
  if (leftover.state === 'stale') {
    logger.info({ postgresPid: lock.pid }, 'removing the lock file of a PostgreSQL that is no longer running');
    await fs.rm(lockFile(clusterDir), { force: true });
    return;
  }
  if (leftover.state === 'in-use') {
    throw new Error(
      `it is in use by another running Formscribe (process ${leftover.ownerPid}; PostgreSQL process ${lock.pid}, port ${lock.port ?? 'unknown'})`,
    );
  }
  logger.warn({ postgresPid: lock.pid, port: lock.port }, 'stopping the PostgreSQL left running by an earlier run');
  try {
    // SIGINT is PostgreSQL's fast shutdown: sessions end, a checkpoint is written, nothing is lost.
    process.kill(lock.pid, 'SIGINT');
    if (await waitForExit(lock.pid, 30_000)) return;
    // SIGQUIT (immediate shutdown) skips the checkpoint; the next start replays the WAL.
    process.kill(lock.pid, 'SIGQUIT');
    if (await waitForExit(lock.pid, 10_000)) return;
  } catch (error) {
    throw new Error(
      `the PostgreSQL left running by an earlier run (process ${lock.pid}) could not be stopped: ${error}`,
    );
  }
  throw new Error(`the PostgreSQL left running by an earlier run (process ${lock.pid}) did not stop`);
}
