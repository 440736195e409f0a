/**
 * A GET for callers that fetch what a user points the server at (IIIF manifests and images):
 * every hop is checked by the address policy and connected to its checked address only, so a
 * public URL cannot redirect the server onto loopback, a private network or a cloud metadata
 * service. Redirects are followed here, not by the HTTP client, for that reason, and at most
 * `maxRedirects` of them. One deadline covers the whole fetch (every hop, DNS included, and the
 * body), and the body is counted as it streams: past `maxBytes` the connection is cut, whatever
 * Content-Length claimed. No Accept-Encoding is sent, so nothing arrives compressed to blow up.
 */
import http from 'node:http';
import https from 'node:https';
import {
  OUTBOUND_ADDRESS_PRIVATE,
  OUTBOUND_CANCELLED,
  OUTBOUND_HOST_UNRESOLVED,
  OUTBOUND_REDIRECT_WITHOUT_LOCATION,
  OUTBOUND_URL_NOT_HTTP,
  outboundConnectionFailed,
  outboundHttpStatus,
  outboundTimedOut,
  outboundTooLarge,
  outboundTooManyRedirects,
} from '@formscribe/common/outboundFetchMessages';
import {
  type CheckedTarget,
  checkOutboundTarget,
  OutboundTargetRefused,
  pinnedRequestOptions,
  type TargetCheckOptions,
  type TargetRefusal,
} from './outboundTarget.ts';

export interface GuardedFetchLimits {
  maxRedirects: number;
  /** For the whole fetch: every hop and the body. */
  timeoutMs: number;
  maxBytes: number;
}

export interface GuardedFetchOptions extends TargetCheckOptions, GuardedFetchLimits {
  /** Sent at every hop, whatever its host: never put credentials here. */
  headers?: Record<string, string>;
  /** The caller's own stop (an import cancelled by its owner). */
  signal?: AbortSignal;
}

export interface GuardedResponse {
  /** Where the body came from, after redirects. */
  url: URL;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

export type FetchFailure =
  | TargetRefusal
  | 'redirects'
  | 'too-large'
  | 'timeout'
  | 'cancelled'
  | 'http-status'
  | 'network';

/** Why a guarded fetch failed, with a message for the owner (common/outboundFetchMessages.ts). */
export class OutboundFetchFailed extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    /** The answer's status, for `http-status`. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Formscribe-Fetch/1.0';
const TARGET_REFUSALS: Record<TargetRefusal, string> = {
  'not-http': OUTBOUND_URL_NOT_HTTP,
  private: OUTBOUND_ADDRESS_PRIVATE,
  unresolved: OUTBOUND_HOST_UNRESOLVED,
};

type Hop = { kind: 'redirect'; location: URL } | { kind: 'body'; response: GuardedResponse };

export async function guardedFetch(rawUrl: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const stopped = () => stopReason(deadline, options);
  let next: string | URL = rawUrl;
  for (let redirects = 0; ; redirects++) {
    const target = await untilStopped(checkHop(next, options), signal, stopped);
    const hop = await fetchHop(target, options, signal, stopped);
    if (hop.kind === 'body') return hop.response;
    if (redirects >= options.maxRedirects) {
      throw new OutboundFetchFailed('redirects', outboundTooManyRedirects(options.maxRedirects));
    }
    next = hop.location;
  }
}

async function checkHop(url: string | URL, options: TargetCheckOptions): Promise<CheckedTarget> {
  try {
    return await checkOutboundTarget(url, options);
  } catch (error) {
    if (!(error instanceof OutboundTargetRefused)) throw error;
    throw new OutboundFetchFailed(error.reason, TARGET_REFUSALS[error.reason]);
  }
}

function stopReason(deadline: AbortSignal, options: GuardedFetchOptions): OutboundFetchFailed {
  return deadline.aborted
    ? new OutboundFetchFailed('timeout', outboundTimedOut(options.timeoutMs))
    : new OutboundFetchFailed('cancelled', OUTBOUND_CANCELLED);
}

/** A lookup that cannot be aborted (getaddrinfo) still must not outlive the deadline. */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal, stopped: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(stopped());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const networkFailure = (detail: string) => new OutboundFetchFailed('network', outboundConnectionFailed(detail));

/** One request to one checked target: a redirect's next URL, or the whole body. */
function fetchHop(
  target: CheckedTarget,
  options: GuardedFetchOptions,
  signal: AbortSignal,
  stopped: () => Error,
): Promise<Hop> {
  const { url } = target;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = transport.request({
      ...pinnedRequestOptions(target),
      method: 'GET',
      headers: { 'user-agent': USER_AGENT, ...options.headers, host: url.host },
      signal,
    });
    const fail = (error: Error) => {
      reject(error);
      request.destroy();
    };
    request.on('error', (error) => reject(signal.aborted ? stopped() : networkFailure(error.message)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location || !URL.canParse(location, url.href)) {
          fail(new OutboundFetchFailed('network', OUTBOUND_REDIRECT_WITHOUT_LOCATION));
        } else resolve({ kind: 'redirect', location: new URL(location, url) });
        return;
      }
      if (status < 200 || status >= 300) {
        fail(new OutboundFetchFailed('http-status', outboundHttpStatus(status), status));
        return;
      }
      // A declared size past the limit is refused at once; a smaller one is not believed either.
      if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
        fail(new OutboundFetchFailed('too-large', outboundTooLarge(options.maxBytes)));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > options.maxBytes) fail(new OutboundFetchFailed('too-large', outboundTooLarge(options.maxBytes)));
        else chunks.push(chunk);
      });
      // A body cut short (the server hung up early) ends in 'close' without 'end'.
      response.on('close', () => {
        if (!response.complete) reject(signal.aborted ? stopped() : networkFailure('the answer was cut short'));
      });
      response.on('end', () =>
        resolve({
          kind: 'body',
          response: { url, status, contentType: response.headers['content-type'], body: Buffer.concat(chunks) },
        }),
      );
    });
    request.end();
  });
}
