/**
 * The System Status card is measured, not a fixed word: each part the app depends on is tried
 * now, in parallel, each within CHECK_TIMEOUT_MS so a hung part shows as failing instead of
 * hanging the page. 'Healthy' only when every check holds; otherwise the failing parts are named.
 * The checks open their own short-lived connections (Redis, SMTP) rather than borrowing the
 * app's, so they test what a new connection would meet and disturb nothing in use.
 */
import fs from 'node:fs/promises';
import { MESSAGES } from '@formscribe/common/messages';
import type { SystemCheck } from '@formscribe/common/schemas/admin';
import nodemailer from 'nodemailer';
import { createClient } from 'redis';
import type { AppDeps } from '../../appTypes.ts';

export const CHECK_TIMEOUT_MS = 3000;
/** A job ready to run that has waited longer than this means the workers are not keeping up. */
export const JOB_BACKLOG_MAX_WAIT_SECONDS = 300;
export const HEALTHY = 'Healthy';

type CheckName = SystemCheck['name'];

const LABELS: Record<CheckName, string> = {
  database: 'Database',
  jobQueue: 'Job queue',
  redis: 'Redis',
  mail: 'Mail transport',
  payments: 'Payments',
};

async function withTimeout<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function runCheck(name: CheckName, check: () => Promise<string>): Promise<SystemCheck> {
  try {
    return { name, label: LABELS[name], ok: true, detail: await withTimeout(check()) };
  } catch (error) {
    return { name, label: LABELS[name], ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

async function checkDatabase(deps: AppDeps): Promise<string> {
  const started = Date.now();
  await deps.knex.raw('SELECT 1');
  return `Reachable (${Date.now() - started} ms)`;
}

/** Jobs ready to run (pg-boss states below 'active') and how long the oldest has waited. */
async function checkJobQueue(deps: AppDeps): Promise<string> {
  const { rows } = await deps.knex.raw(
    `SELECT count(*)::int AS waiting,
            coalesce(extract(epoch FROM now() - min(start_after)), 0)::int AS "oldestSeconds"
     FROM pgboss.job WHERE state < 'active' AND start_after <= now()`,
  );
  const [row] = rows as { waiting: number; oldestSeconds: number }[];
  const waiting = row?.waiting ?? 0;
  const oldest = row?.oldestSeconds ?? 0;
  const summary = `${waiting} job${waiting === 1 ? '' : 's'} waiting, oldest ${oldest} s`;
  if (oldest > JOB_BACKLOG_MAX_WAIT_SECONDS) throw new Error(`Backlog: ${summary}`);
  return summary;
}

async function checkRedis(deps: AppDeps): Promise<string> {
  const url = deps.config.redisUrl;
  if (!url) return 'Not configured (one node, in-memory socket adapter)';
  const client = createClient({ url, socket: { connectTimeout: CHECK_TIMEOUT_MS, reconnectStrategy: false } });
  client.on('error', () => {}); // reported through the awaited calls below
  try {
    await client.connect();
    return `Reachable (${await client.ping()})`;
  } finally {
    if (client.isOpen) await client.quit().catch(() => {});
  }
}

async function checkMail(deps: AppDeps): Promise<string> {
  const { smtpUrl, mailDir } = deps.config;
  if (!smtpUrl) {
    await fs.mkdir(mailDir, { recursive: true });
    await fs.access(mailDir, fs.constants.W_OK);
    return 'Development outbox writable (SMTP_URL not set: mail is not delivered)';
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: CHECK_TIMEOUT_MS,
    greetingTimeout: CHECK_TIMEOUT_MS,
    socketTimeout: CHECK_TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return 'SMTP server accepts connections';
  } finally {
    transport.close();
  }
}

/**
 * Who takes payments, said plainly: the administrator must be able to see that a deployment runs
 * the test provider (cards not charged) or takes no payments at all. Neither is a failure: each
 * is a setting (config.ts, paymentsProvider).
 */
async function checkPayments(deps: AppDeps): Promise<string> {
  const { payments, stripe, env } = deps.config;
  switch (payments.provider) {
    case 'stripe':
      return stripe.secretKey ? 'Stripe (live keys)' : 'Stripe (test keys only: no live payments)';
    case 'test':
      return `${MESSAGES.testPaymentsOn}${env === 'production' ? ' (PAYMENTS_TEST_PROVIDER=true)' : ''}`;
    case 'none':
      return 'Off: no Stripe keys are set, so paid plans are unavailable';
  }
}

export interface SystemStatus {
  systemStatus: string;
  healthy: boolean;
  checks: SystemCheck[];
  checkedAt: string;
}

export async function measureSystemStatus(deps: AppDeps): Promise<SystemStatus> {
  const checks = await Promise.all([
    runCheck('database', () => checkDatabase(deps)),
    runCheck('jobQueue', () => checkJobQueue(deps)),
    runCheck('redis', () => checkRedis(deps)),
    runCheck('mail', () => checkMail(deps)),
    runCheck('payments', () => checkPayments(deps)),
  ]);
  const failing = checks.filter((check) => !check.ok).map((check) => check.label);
  return {
    systemStatus: failing.length ? `${failing.join(', ')} failing` : HEALTHY,
    healthy: failing.length === 0,
    checks,
    checkedAt: new Date().toISOString(),
  };
}
