/** B1's primitive: a bare `node:http` hello in its own process, as the app runs in its own. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('hello');
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', () => process.exit(0));
