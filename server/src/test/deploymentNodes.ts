/**
 * A deployment of several app processes, started as production starts them (`src/index.ts`), on
 * what they share: one PostgreSQL database (cloned from the test template), one real Redis and
 * one bucket (s3rver). Each node has its own DATA_DIR and port, and keeps both when restarted, so
 * a load balancer in front of them (roundRobinProxy.ts) finds it again.
 */
import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import { bindModels, createKnex } from '../db/knex.ts';
import { RedisServer } from './redisServer.ts';
import { S3TestServer } from './s3Server.ts';
import {
  createDataDir,
  type ProcessExit,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './serverProcess.ts';
import { createDatabaseFromTemplate } from './testServer.ts';

export interface SharedServices {
  databaseUrl: string;
  redis: RedisServer;
  s3: S3TestServer;
  /** The test's own connection to the shared database (factories and checks); models are bound to it. */
  knex: Knex;
  /** What every node is given to share them. */
  nodeEnv(): Record<string, string>;
  stop(): Promise<void>;
}

export async function startSharedServices(): Promise<SharedServices> {
  const [databaseUrl, redis, s3] = await Promise.all([
    createDatabaseFromTemplate(),
    RedisServer.start(),
    S3TestServer.start(),
  ]);
  const knex = createKnex(databaseUrl, 4);
  bindModels(knex);
  return {
    databaseUrl,
    redis,
    s3,
    knex,
    nodeEnv: () => ({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url, ...s3.env() }),
    async stop() {
      await knex.destroy();
      await redis.kill();
      await s3.stop();
    },
  };
}

export class DeploymentNode {
  private constructor(
    private readonly dataDir: string,
    private readonly env: Record<string, string>,
    private current: ServerProcess,
  ) {}

  static async start(env: Record<string, string>): Promise<DeploymentNode> {
    const dataDir = await createDataDir();
    const started = await startServerProcess({ dataDir, env, startTimeoutMs: 120_000 });
    return new DeploymentNode(dataDir, env, started);
  }

  get url(): string {
    return this.current.url;
  }

  get process(): ServerProcess {
    return this.current;
  }

  /** SIGTERM, as an orchestrator stops a node; resolves with how the process ended. */
  async terminate(): Promise<ProcessExit> {
    this.current.kill('SIGTERM');
    return this.current.exited;
  }

  /** kill -9: no shutdown code runs. */
  async killHard(): Promise<ProcessExit> {
    this.current.kill('SIGKILL');
    return this.current.exited;
  }

  /** Starts the node again on the same port with the same DATA_DIR (after terminate or kill). */
  async restart(): Promise<void> {
    if (this.current.running()) throw new Error('stop the node before restarting it');
    const port = Number(new URL(this.current.url).port);
    this.current = await startServerProcess({ dataDir: this.dataDir, port, env: this.env, startTimeoutMs: 120_000 });
  }

  async dispose(): Promise<void> {
    await stopServerProcess(this.current);
    await fs.rm(this.dataDir, { recursive: true, force: true });
  }
}
