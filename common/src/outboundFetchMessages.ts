/**
 * Why an outgoing fetch (a IIIF manifest or image, fetched by the server) did not bring back a
 * body: said to the owner as the reason an import or one of its items failed.
 */
export const OUTBOUND_URL_NOT_HTTP = 'The address must be an http(s) URL';
export const OUTBOUND_ADDRESS_PRIVATE = 'The address points to a private or local network, which cannot be fetched';
export const OUTBOUND_HOST_UNRESOLVED = 'The address’s host could not be found';
export const OUTBOUND_REDIRECT_WITHOUT_LOCATION = 'The server answered with a redirect that says nowhere to go';

export const outboundTooManyRedirects = (maxRedirects: number) =>
  `The server redirected more than ${maxRedirects} times`;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const outboundTooLarge = (maxBytes: number) => `The answer is larger than ${megabytes(maxBytes)}`;

export const outboundTimedOut = (timeoutMs: number) => `No complete answer within ${timeoutMs / 1000} s`;

export const outboundHttpStatus = (status: number) => `The server answered HTTP ${status}`;

export const outboundConnectionFailed = (detail: string) => `Could not fetch: ${detail}`;

export const OUTBOUND_CANCELLED = 'The fetch was cancelled';
