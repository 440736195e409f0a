/** A real redis-server (Debian's package) on a free loopback port, for the multi-node tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../db/embeddedPostgres.ts';

export class RedisServer {
  private process?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const redis = new RedisServer(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port, without persistence. */
  async restart(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (!(await this.accepting())) {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills the server outright, as a crash would. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  private accepting(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }
}
