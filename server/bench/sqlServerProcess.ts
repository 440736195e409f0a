/**
 * B1b's primitive: a bare `node:http` server in its own process that answers GET /api/forms/{id}
 * by running, through `pg`, the reads the app makes for it: the session with its user for the
 * cookie's token hash, the form, and the policy's access check (a contributor's form_access row),
 * then sends the form row as JSON. No framework, no validation, no presenter.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { hashToken } from '../src/services/secureTokens.ts';
import { SESSION_COOKIE } from '../src/services/sessions.ts';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
const cookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);
const formPath = /^\/api\/forms\/(\d+)$/;

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const token = cookiePattern.exec(request.headers.cookie ?? '')?.[1];
  const formId = Number(formPath.exec(request.url ?? '')?.[1]);
  if (!token) return answer(response, 401, { message: 'Not authenticated' });
  const session = await pool.query<{ user_id: number }>(
    `SELECT s.*, u.* FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now() LIMIT 1`,
    [hashToken(token)],
  );
  const userId = session.rows[0]?.user_id;
  if (userId === undefined) return answer(response, 401, { message: 'Not authenticated' });
  const form = (await pool.query<{ created_by_id: number }>('SELECT * FROM forms WHERE id = $1', [formId])).rows[0];
  if (!form) return answer(response, 404, { message: 'Form not found' });
  if (form.created_by_id !== userId) {
    const access = await pool.query('SELECT * FROM form_access WHERE form_id = $1 AND user_id = $2 LIMIT 1', [
      formId,
      userId,
    ]);
    if (!access.rowCount) return answer(response, 404, { message: 'Form not found' });
  }
  answer(response, 200, form);
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error: unknown) => answer(response, 500, { message: String(error) }));
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', () => {
  server.close();
  pool.end().finally(() => process.exit(0));
});
