/**
 * A form's webhook settings as managers change them: the URL (checked against the address
 * policy when saved), the signing secret (made when a URL is first saved, rotatable, readable by
 * managers only through its own route) and the delivery log.
 */
import { randomBytes } from 'node:crypto';
import { WEBHOOK_LOG_SIZE } from '@formscribe/common/schemas/webhook';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import { Form, WebhookDelivery } from '../../models/index.ts';
import { checkWebhookTarget, WebhookTargetRefused } from './webhookTarget.ts';

/** A new signing secret: 256 random bits, prefixed so it is recognisable when pasted around. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * What saving `webhookUrl` adds to a form's patch: refuses (400) a URL whose host is, or
 * resolves to, a private or local address; gives the form a secret when it has none yet.
 * An unchanged URL is not re-checked (every delivery checks it again anyway), so a settings
 * save is not refused because the receiver's DNS is briefly down.
 */
export async function webhookUrlPatch(
  deps: AppDeps,
  form: Form,
  webhookUrl: string | null | undefined,
): Promise<Partial<Pick<Form, 'webhookSecret'>>> {
  if (!webhookUrl || webhookUrl === form.webhookUrl) return {};
  try {
    await checkWebhookTarget(webhookUrl, { allowLoopback: deps.config.webhooks.allowLoopback });
  } catch (error) {
    if (error instanceof WebhookTargetRefused) throw badRequest(error.message);
    throw error;
  }
  return form.webhookSecret ? {} : { webhookSecret: newWebhookSecret() };
}

/** Replaces the signing secret; deliveries not yet attempted are signed with the new one. */
export async function rotateWebhookSecret(form: Form): Promise<string> {
  const secret = newWebhookSecret();
  await Form.query().findById(form.id).patch({ webhookSecret: secret });
  return secret;
}

/** The newest deliveries of a form, newest first. */
export async function listWebhookDeliveries(form: Form): Promise<WebhookDelivery[]> {
  return WebhookDelivery.query().where({ formId: form.id }).orderBy('id', 'desc').limit(WEBHOOK_LOG_SIZE);
}
