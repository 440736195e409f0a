/**
 * The bench owner's export of a form through HTTP, as the browser asks for it (the owner's
 * session cookie, a same-origin POST): B4's runs and B17's minute exports read its body to the end.
 */
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import type { BenchServer } from './benchServer.ts';

export async function requestExport(
  server: BenchServer,
  formId: number,
  body: { exportType: 'verified' | 'all'; format?: string },
): Promise<Response> {
  return fetch(`${server.url}/api/forms/${formId}/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: `${SESSION_COOKIE}=${server.client.cookie(SESSION_COOKIE) ?? ''}`,
    },
    body: JSON.stringify(body),
  });
}
