/**
 * A load balancer for tests: round robin over the app's nodes, without sticky sessions. Each
 * request goes to the next node on a connection of its own (as nginx talks to its upstreams by
 * default). The body is read first, so a node that refuses the connection (stopped, restarting)
 * is skipped and the request sent to the next one: nothing reached that node, so the retry is
 * always safe, for a POST too. A GET or HEAD is also sent to the next node when the
 * connection fails before an answer (nginx's `proxy_next_upstream error`); any other request then
 * gets a 502, as from nginx. WebSocket upgrades are piped to a node the same way; when that node
 * goes away the client's connection closes, and the client reconnects through here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** Headers about one connection, which a proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

const IDEMPOTENT = new Set(['GET', 'HEAD']);

/**
 * The connection failed before the request could be sent: refused, or reset while connecting (a
 * node that stops listening resets the connections still waiting in its accept queue). The node
 * never saw the request, so any request may go to the next one.
 */
function notSent(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  return code === 'ECONNREFUSED' || syscall === 'connect';
}

function endToEndHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

export class RoundRobinProxy {
  private next = 0;
  /** Requests and upgrades each node answered, by its URL. */
  readonly served = new Map<string, number>();
  /** Failures of a node's connection other than a refusal ("socket hang up"…), for a failing test to show. */
  readonly upstreamErrors: string[] = [];
  private readonly upgraded = new Set<net.Socket>();

  private constructor(
    private readonly server: http.Server,
    private readonly backends: string[],
  ) {}

  /** Listens on a free loopback port; the nodes can be added once their ports are known. */
  static async start(backends: string[] = []): Promise<RoundRobinProxy> {
    const server = http.createServer();
    const proxy = new RoundRobinProxy(server, [...backends]);
    server.on('request', (req, res) => void proxy.handle(req, res));
    server.on('upgrade', (req, socket: net.Socket, head: Buffer) => proxy.upgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  addBackend(url: string): void {
    this.backends.push(url);
  }

  /**
   * Sends no new request or socket to the node (as a balancer does once the node's readiness
   * probe fails, or an operator takes it out); what it is already handling carries on.
   */
  removeBackend(url: string): void {
    const index = this.backends.indexOf(url);
    if (index >= 0) this.backends.splice(index, 1);
  }

  async stop(): Promise<void> {
    for (const socket of this.upgraded) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The nodes in the order to try them for one request: the next one first, then the others. */
  private order(): string[] {
    const start = this.next;
    this.next = (this.next + 1) % Math.max(1, this.backends.length);
    return this.backends.map((_, i) => this.backends[(start + i) % this.backends.length] ?? '');
  }

  private count(backend: string): void {
    this.served.set(backend, (this.served.get(backend) ?? 0) + 1);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req).catch(() => undefined);
    if (!body) return void res.destroy();
    for (const backend of this.order()) {
      try {
        await this.forward(backend, req, body, res);
        this.count(backend);
        return;
      } catch (error) {
        if (notSent(error)) continue;
        this.upstreamErrors.push(`${req.method} ${req.url} → ${backend}: ${String(error)}`);
        if (res.headersSent || !IDEMPOTENT.has(req.method ?? '')) break;
      }
    }
    // A real balancer answers 502 when no node takes the request: the tests count it as a 5xx.
    if (!res.headersSent) res.writeHead(502).end('no node answered');
    else res.destroy();
  }

  /** Resolves once the node's answer has been passed on; rejects when the node cannot be reached. */
  private forward(backend: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    const target = new URL(backend);
    return new Promise<void>((resolve, reject) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...endToEndHeaders(req.headers), 'content-length': String(body.length) },
          agent: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
          answer.pipe(res);
          answer.once('end', () => resolve());
          answer.once('error', reject);
        },
      );
      upstream.once('error', (error) => {
        // Cut after the answer began: the client sees its connection end, as behind a real balancer.
        if (res.headersSent) res.destroy();
        reject(error);
      });
      upstream.end(body);
    });
  }

  private upgrade(req: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    const backends = this.order();
    const attempt = (index: number) => {
      const backend = backends[index];
      if (!backend) return void client.destroy();
      const target = new URL(backend);
      const upstream = net.connect(Number(target.port), target.hostname);
      upstream.once('error', (error) => {
        if (notSent(error) && !upstream.bytesWritten) return attempt(index + 1);
        client.destroy();
      });
      upstream.once('connect', () => {
        this.count(backend);
        this.upgraded.add(client);
        client.once('close', () => this.upgraded.delete(client));
        const headerLines = [];
        for (let i = 0; i < req.rawHeaders.length; i += 2) {
          headerLines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        }
        upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
      });
    };
    attempt(0);
  }
}
