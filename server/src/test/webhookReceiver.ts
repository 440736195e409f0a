/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every request and
 * answers from a script (status, extra headers, delay), then 200 once the script runs out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookDelivery } from '../models/index.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
}

export class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  private script: ScriptedAnswer[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = http.createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The next answers, in order; afterwards every request gets 200. */
  answer(...answers: (number | ScriptedAnswer)[]): void {
    this.script.push(...answers.map((a) => (typeof a === 'number' ? { status: a } : a)));
  }

  /** Waits until at least `count` requests arrived. */
  async waitForRequests(count: number, timeoutMs = 15_000): Promise<ReceivedRequest[]> {
    await waitUntil(() => this.received.length >= count, timeoutMs, `${count} webhook requests`);
    return this.received;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const answer = this.script.shift() ?? { status: 200 };
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end('ok');
      };
      if (!answer.delayMs) return reply();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        reply();
      }, answer.delayMs);
      this.timers.add(timer);
    });
  }
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until every delivery of the form has settled (delivered or failed); returns them oldest first. */
export async function settledDeliveries(formId: number, count: number, timeoutMs = 20_000) {
  let rows: WebhookDelivery[] = [];
  await waitUntil(
    async () => {
      rows = await WebhookDelivery.query().where({ formId }).orderBy('id');
      return rows.length >= count && rows.every((row) => row.status !== 'pending');
    },
    timeoutMs,
    `${count} settled webhook deliveries`,
  );
  return rows;
}
