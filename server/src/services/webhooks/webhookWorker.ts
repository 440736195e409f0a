/**
 * Delivers queued webhook events. Each attempt re-reads the form (its current URL and secret),
 * checks the target again (resolving the host now, not trusting the check made when the URL was
 * saved), posts, and records the outcome on the delivery row. A failed attempt throws so pg-boss
 * retries it with backoff; a refused address or the last attempt ends the delivery as failed.
 */
import type { AppDeps } from '../../appTypes.ts';
import type { JobAttempt } from '../../jobs/jobQueue.ts';
import { Form, WebhookDelivery } from '../../models/index.ts';
import { DELIVER_WEBHOOK_QUEUE, type DeliverWebhookJob } from './webhookOutbox.ts';
import { type AttemptResult, sendWebhook, webhookHeaders } from './webhookSender.ts';
import { checkWebhookTarget, type HostResolver, WebhookTargetRefused } from './webhookTarget.ts';

export const NO_WEBHOOK_URL = 'The form no longer has a webhook URL';
/** Deliveries one node makes at once: a slow receiver must not hold up every other form's. */
const CONCURRENCY = 4;

class WebhookAttemptFailed extends Error {}

type WebhookConfig = AppDeps['config']['webhooks'];

interface AttemptOutcome extends AttemptResult {
  /** Worth another attempt (a refused address is not: the same check would refuse it again). */
  retryable: boolean;
}

/** One attempt for one delivery: check the target as it resolves now, then post. */
export async function attemptDelivery(
  config: WebhookConfig,
  form: Pick<Form, 'webhookUrl' | 'webhookSecret'>,
  delivery: Pick<WebhookDelivery, 'payload'>,
  resolve?: HostResolver,
): Promise<AttemptOutcome> {
  if (!form.webhookUrl || !form.webhookSecret) {
    return { delivered: false, statusCode: null, error: NO_WEBHOOK_URL, retryable: false };
  }
  try {
    const target = await checkWebhookTarget(form.webhookUrl, { allowLoopback: config.allowLoopback, resolve });
    const body = JSON.stringify(delivery.payload);
    const result = await sendWebhook(
      target,
      body,
      await webhookHeaders(form.webhookSecret, delivery.payload, body),
      config.timeoutMs,
    );
    return { ...result, retryable: !result.delivered };
  } catch (error) {
    if (!(error instanceof WebhookTargetRefused)) throw error;
    return { delivered: false, statusCode: null, error: error.message, retryable: !error.permanent };
  }
}

/** Runs one queued job: settles the delivery row, or throws so the queue retries it. */
export async function deliverWebhook(deps: AppDeps, job: DeliverWebhookJob, attempt: JobAttempt): Promise<void> {
  const delivery = await WebhookDelivery.query().findById(job.deliveryId);
  // Gone with its form, or settled by an earlier run of the same job.
  if (delivery?.status !== 'pending') return;
  const form = await Form.query().findById(delivery.formId);
  if (!form) return;
  const outcome = await attemptDelivery(deps.config.webhooks, form, delivery);
  const retrying = outcome.retryable && attempt.retryCount < attempt.retryLimit;
  const status = outcome.delivered ? 'delivered' : retrying ? 'pending' : 'failed';
  deps.metrics.webhookAttempt(status === 'pending' ? 'retrying' : status);
  await WebhookDelivery.query()
    .findById(delivery.id)
    .patch({
      status,
      attempts: WebhookDelivery.raw('attempts + 1'),
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      deliveredAt: outcome.delivered ? new Date() : null,
    });
  if (status === 'failed') {
    deps.logger.warn({ formId: form.id, deliveryId: delivery.id, error: outcome.error }, 'webhook delivery failed');
  }
  if (retrying) throw new WebhookAttemptFailed(outcome.error ?? 'webhook delivery failed');
}

export function registerWebhookWorker(deps: AppDeps): Promise<void> {
  const { retryLimit, retryDelaySeconds, timeoutMs } = deps.config.webhooks;
  const policy = {
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    // Well past one attempt's deadline, so pg-boss only expires a job whose node died mid-attempt.
    expireInSeconds: Math.ceil(timeoutMs / 1000) + 60,
  };
  return deps.jobs.work<DeliverWebhookJob>(
    DELIVER_WEBHOOK_QUEUE,
    (job, attempt) => deliverWebhook(deps, job, attempt),
    { policy, concurrency: CONCURRENCY },
  );
}
