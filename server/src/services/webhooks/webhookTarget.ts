/**
 * Checks a webhook URL with the shared outbound guard (services/outbound/outboundTarget.ts) and
 * says why it is refused in the webhook's own words. The same check runs when the URL is saved
 * and again before each delivery; the sender then connects to the checked addresses only.
 */
import { WEBHOOK_URL_NOT_HTTP, WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVED } from '@formscribe/common/schemas/webhook';
import {
  type CheckedTarget,
  checkOutboundTarget,
  OutboundTargetRefused,
  type TargetCheckOptions,
  type TargetRefusal,
} from '../outbound/outboundTarget.ts';

export type { CheckedTarget, HostResolver, ResolvedAddress } from '../outbound/outboundTarget.ts';

const REFUSAL_MESSAGES: Record<TargetRefusal, string> = {
  'not-http': WEBHOOK_URL_NOT_HTTP,
  private: WEBHOOK_URL_PRIVATE,
  unresolved: WEBHOOK_URL_UNRESOLVED,
};

/** Why a URL may not be used. `permanent` refusals are not worth retrying at delivery. */
export class WebhookTargetRefused extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export async function checkWebhookTarget(rawUrl: string, options: TargetCheckOptions): Promise<CheckedTarget> {
  try {
    return await checkOutboundTarget(rawUrl, options);
  } catch (error) {
    if (!(error instanceof OutboundTargetRefused)) throw error;
    throw new WebhookTargetRefused(REFUSAL_MESSAGES[error.reason], error.permanent);
  }
}
