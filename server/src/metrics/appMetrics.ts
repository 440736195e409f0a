/**
 * What one node tells Prometheus. Each node has its own registry (tests run several app servers
 * in one process, and prom-client's global registry would refuse the second). Counters move
 * where things happen (job queue, webhook worker, mailer); gauges that cost a query or a count
 * (queue depth, open sockets) are sampled only when Prometheus scrapes.
 */
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { RequestStats } from './requestStats.ts';

/** Where queue depth comes from: the job queue, asked at scrape time. */
export interface QueueDepthSource {
  queueSizes(): Promise<Map<string, number>>;
}

/** The socket server of this node (Socket.IO's default namespace). */
export interface SocketSource {
  of(namespace: '/'): { sockets: { size: number } };
}

/** What became of one webhook delivery attempt. */
export type WebhookOutcome = 'delivered' | 'retrying' | 'failed';

export class AppMetrics {
  readonly registry = new Registry();
  readonly requests = new RequestStats();
  /** Set once the separate metrics server listens (METRICS_PORT): its address, for tests and the boot log. */
  serverUrl: string | undefined;

  private readonly webhookDeliveries = new Counter({
    name: 'formscribe_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: delivered, retrying (failed, another attempt is queued) or failed (given up).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly mailFailures = new Counter({
    name: 'formscribe_mail_failures_total',
    help: 'Messages the mail transport failed to send (each failed attempt; the job queue retries most).',
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'formscribe_job_failures_total',
    help: 'Background jobs whose run failed (pg-boss retries them by the queue policy), by queue.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private socketSource: SocketSource | undefined;
  private queueSource: QueueDepthSource | undefined;

  constructor() {
    // Process CPU and memory, GC, and event-loop delay (monitorEventLoopDelay percentiles).
    collectDefaultMetrics({ register: this.registry });
    const metrics = this;
    new Gauge({
      name: 'formscribe_socket_connections',
      help: 'Socket.IO connections open on this node.',
      registers: [this.registry],
      collect() {
        this.set(metrics.socketSource?.of('/').sockets.size ?? 0);
      },
    });
    new Gauge({
      name: 'formscribe_job_queue_depth',
      help: 'Jobs waiting to run (created or waiting for a retry), by queue. The queue is shared: every node reports the same figure.',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        // An unreachable database must not fail the whole scrape: the depth is then left out.
        const sizes = await metrics.queueSource?.queueSizes().catch(() => undefined);
        for (const [queue, size] of sizes ?? []) this.set({ queue }, size);
      },
    });
  }

  watchSockets(source: SocketSource): void {
    this.socketSource = source;
  }

  watchJobQueue(source: QueueDepthSource): void {
    this.queueSource = source;
  }

  webhookAttempt(outcome: WebhookOutcome): void {
    this.webhookDeliveries.inc({ outcome });
  }

  mailFailed(): void {
    this.mailFailures.inc();
  }

  jobFailed(queue: string): void {
    this.jobFailures.inc({ queue });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The whole exposition: prom-client's metrics, then the request metrics. */
  async render(): Promise<string> {
    return `${await this.registry.metrics()}\n${this.requests.render()}`;
  }
}
