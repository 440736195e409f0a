/**
 * B1a's second yardstick (informational): bare Koa with @koa/router answering GET /api/health with
 * the same JSON, in its own process. The hello shows what node:http costs; this shows what Koa
 * itself costs, so B1a's gap splits into Koa's share and ours (middlewares, headers, ids, groups).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';

const app = new Koa();
const router = new Router();
router.get('/api/health', (ctx) => {
  ctx.body = { status: 'ok' };
});
app.use(router.routes());
app.use(router.allowedMethods());

const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', () => process.exit(0));
