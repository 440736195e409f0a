/**
 * A misbehaving web server for tests of outgoing fetches: a real HTTP server on 127.0.0.1 whose
 * paths play the parts a fetched URL can play: an honest answer, a redirect to anywhere, a
 * redirect loop, a body that never ends, a Content-Length of 10 GB, a server that is slow to
 * answer or drips its body. It counts the bytes it managed to send, so a test can tell that the
 * client hung up instead of reading on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { redirectTo, sendText, streamUntilHungUp, TEN_GIGABYTES } from './standInReplies.ts';

const CHUNK = Buffer.alloc(64 * 1024, 'x');

export class OutboundStandIn {
  /** Paths asked for, in order, with the Host header each came with. */
  readonly requests: { path: string; host: string | undefined }[] = [];
  /** Body bytes written to sockets that were then closed or finished. */
  bytesSent = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<OutboundStandIn> {
    const server = http.createServer();
    const standIn = new OutboundStandIn(server);
    server.on('request', (req, res) => standIn.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    this.requests.push({ path: `${url.pathname}${url.search}`, host: req.headers.host });
    const [, part, arg] = url.pathname.split('/');
    if (part === 'ok') sendText(res, 200, '{"label":"Ledger 1871"}', 'application/json');
    else if (part === 'status') sendText(res, Number(arg), 'nope', 'text/plain');
    else if (part === 'redirect') redirectTo(res, url.searchParams.get('to') ?? '/ok');
    else if (part === 'loop') redirectTo(res, '/loop');
    // /hops/3 redirects to /hops/2 ... /hops/0, which answers.
    else if (part === 'hops')
      Number(arg) > 0 ? redirectTo(res, `/hops/${Number(arg) - 1}`) : sendText(res, 200, 'here');
    else if (part === 'forever') this.stream(res, {});
    else if (part === 'ten-gigabytes') this.stream(res, { 'content-length': String(TEN_GIGABYTES) });
    else if (part === 'slow') this.later(() => sendText(res, 200, 'late'), Number(arg));
    else if (part === 'drip') this.drip(res);
    else sendText(res, 404, 'not here');
  }

  /** Writes 64 KB chunks as fast as the client takes them, until it hangs up. */
  private stream(res: http.ServerResponse, headers: http.OutgoingHttpHeaders): void {
    streamUntilHungUp(res, { 'content-type': 'application/octet-stream', ...headers }, CHUNK, (bytes) => {
      this.bytesSent += bytes;
    });
  }

  private later(answer: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      answer();
    }, delayMs);
    this.timers.add(timer);
  }

  /** Answers at once, then sends one byte every 50 ms: each byte is prompt, the body never ends. */
  private drip(res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => {
      if (res.destroyed) clearInterval(timer);
      else res.write('.');
    }, 50);
    this.timers.add(timer);
  }
}
