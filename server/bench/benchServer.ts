/** The runner's handle on the app process: start it, sign in, bracket phases for loop delay, stop it. */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestClient } from '../src/test/testClient.ts';
import { type FromServer, isFromServer, type LoopDelay, type ServerReady, type ToServer } from './benchProtocol.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BenchServer {
  url: string;
  formId: number;
  client: TestClient;
  /** Runs `phase` while the app process records its event-loop delay. */
  measureLoop<T>(phase: () => Promise<T>): Promise<{ result: T; loop: LoopDelay }>;
  stop(): Promise<void>;
}

function nextMessage<T extends FromServer['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isFromServer(message) || message.type !== type) return;
      child.off('message', onMessage).off('exit', onExit);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) before "${type}"`));
    child.on('message', onMessage).on('exit', onExit);
  });
}

export async function startBenchServer(): Promise<BenchServer> {
  const child = fork(path.join(here, 'benchServerProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const tell = (message: ToServer) => child.send(message);
  const ready: ServerReady = await nextMessage(child, 'ready');
  const client = new TestClient(ready.url);
  const login = await client.post('/api/login', { username: ready.username, password: ready.password });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${login.text}`);
  return {
    url: ready.url,
    formId: ready.formId,
    client,
    async measureLoop(phase) {
      const started = nextMessage(child, 'loop:started');
      tell({ type: 'loop:start' });
      await started;
      const result = await phase();
      const stopped = nextMessage(child, 'loop');
      tell({ type: 'loop:stop' });
      return { result, loop: await stopped };
    },
    async stop() {
      const stopped = nextMessage(child, 'stopped');
      tell({ type: 'stop' });
      await stopped;
    },
  };
}
