/**
 * B5's floor (b5ReceiveBound.ts): a bare `node:http` server in its own process that does the one
 * thing every upload must, whatever the stack: receive the whole body and store it as a file.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-receive-'));
let stored = 0;
const server = http.createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  await fs.writeFile(path.join(folder, `upload-${stored++ % 4}`), Buffer.concat(chunks));
  response.writeHead(201, { 'content-type': 'application/json' });
  response.end('{"stored":true}');
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', async () => {
  await fs.rm(folder, { recursive: true, force: true });
  process.exit(0);
});
