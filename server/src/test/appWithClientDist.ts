/**
 * The real app serving a client/dist of the test's own (an index.html and a Vite manifest), on a
 * free port: for the tests of what the server writes into the page (pageReadHints, pageLocale).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.ts';
import { startTestServer, type TestServer } from './testServer.ts';

export interface AppWithClientDist {
  server: TestServer;
  /** The dist folder, which a test may rewrite (a new build). */
  dist: string;
  origin: string;
  stop(): Promise<void>;
}

export async function startAppWithClientDist(indexHtml: string, manifest: object): Promise<AppWithClientDist> {
  const server = await startTestServer();
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), indexHtml);
  await fs.mkdir(path.join(dist, '.vite'));
  await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const app = createApp({ ...server.deps, config: { ...server.deps.config, clientDistDir: dist } });
  const appServer = http.createServer(app.callback());
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
  return {
    server,
    dist,
    origin,
    async stop() {
      await new Promise((resolve) => appServer.close(resolve));
      await fs.rm(dist, { recursive: true, force: true });
      await server.stop();
    },
  };
}
