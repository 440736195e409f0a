/**
 * The crowd's HTTP client: node:http with a keep-alive agent rather than fetch. The crowd shares
 * the app's two cores, so what it spends per request is taken from the app: fetch (undici, with
 * WHATWG streams) cost 1.1–1.4 ms of CPU per next-image + submit pair in a micro-benchmark against
 * a bare server, node:http 0.2–0.45 ms; in B9a (200 people, A/B/A/B on a loaded machine) the
 * crowd's CPU per cycle went from 8.3 and 7.0 ms to 5.4 and 5.0 ms. The requests on the wire are
 * the same (method, path, cookie, Origin, JSON body; connections kept alive between them).
 */
import http from 'node:http';

/**
 * Idle connections are dropped after 3 s, before the app's server closes them (Node's default
 * keepAliveTimeout, 5 s): a request sent on a connection the server is closing would fail for
 * no fault of the app. (Node 20's client does not read the server's Keep-Alive hint; undici
 * does.) The timeout only closes free connections; a request in flight keeps its own.
 */
const agent = new http.Agent({ keepAlive: true, timeout: 3000 });

export interface Answer {
  status: number;
  /** The parsed JSON body; undefined when there is none or it is not JSON. */
  body: unknown;
}

export function requestJson(
  url: string,
  cookie: string,
  init: { method?: 'GET' | 'POST'; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(
      target,
      {
        method: init.method ?? 'GET',
        agent,
        headers: { cookie, origin: target.origin, 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
