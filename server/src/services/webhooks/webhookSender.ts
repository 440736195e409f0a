/**
 * One HTTP attempt at a webhook: a signed JSON POST to an already-checked target. The socket is
 * opened to the checked addresses only (a `lookup` that hands them back instead of asking DNS
 * again), while the Host header and TLS name stay the URL's host name. Redirects are never
 * followed, and the whole attempt (connect, send, answer) has one deadline.
 */
import http from 'node:http';
import https from 'node:https';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
} from '@formscribe/common/schemas/webhook';
import { signWebhookBody } from '@formscribe/common/webhookSignature';
import { type CheckedTarget, pinnedRequestOptions } from '../outbound/outboundTarget.ts';

export interface AttemptResult {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}

const USER_AGENT = 'Formscribe-Webhooks/1.0';
const MAX_ERROR_LENGTH = 500;

/** The headers of one attempt; the signature's timestamp is the attempt's, not the event's. */
export async function webhookHeaders(
  secret: string,
  event: WebhookEvent,
  body: string,
  nowMs = Date.now(),
): Promise<Record<string, string>> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    [WEBHOOK_EVENT_HEADER.toLowerCase()]: event.type,
    [WEBHOOK_DELIVERY_HEADER.toLowerCase()]: event.id,
    [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: await signWebhookBody(secret, body, Math.floor(nowMs / 1000)),
  };
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return `Timed out after ${timeoutMs / 1000} s`;
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
}

/** Posts `body` once; never throws (the outcome says what happened). */
export function sendWebhook(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptResult> {
  const { url } = target;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const request = transport.request({
      ...pinnedRequestOptions(target),
      method: 'POST',
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on('response', (response) => {
      // The answer's body is not needed; read and drop it so the socket can close.
      response.resume();
      response.on('error', () => {});
      const statusCode = response.statusCode ?? 0;
      if (statusCode >= 200 && statusCode < 300) resolve({ delivered: true, statusCode, error: null });
      else if (statusCode >= 300 && statusCode < 400) {
        resolve({ delivered: false, statusCode, error: `Redirect (${statusCode}) not followed` });
      } else resolve({ delivered: false, statusCode, error: `HTTP ${statusCode}` });
    });
    request.on('error', (error) =>
      resolve({ delivered: false, statusCode: null, error: describeError(error, timeoutMs) }),
    );
    request.end(body);
  });
}
