/**
 * B1b's primitive: a bare `node:http` server in its own process that answers GET /api/forms/{id}
 * by running, through `pg`, the very statement the app runs for it (imported from the app): the
 * session with its user for the cookie's token hash, and the form with the caller's access and
 * block flags (the policy's check comes with the form), then sends the form row as JSON. No
 * framework, no validation, no presenter.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { hashToken } from '../src/services/secureTokens.ts';
import { SESSION_COOKIE, SESSION_STATEMENTS, SESSION_WITH_USER_AND_FORM_SQL } from '../src/services/sessions.ts';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
const cookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);
const formPath = /^\/api\/forms\/(\d+)$/;

/** The app's own statements, with knex's `?` placeholders numbered as pg takes them. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const SESSION_AND_FORM_SQL = numbered(SESSION_WITH_USER_AND_FORM_SQL);

interface SessionRow {
  user_row: { id: number };
  form_with_standing: FormWithStanding | null;
}

interface FormWithStanding {
  created_by_id: number;
  caller_has_access: boolean;
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const token = cookiePattern.exec(request.headers.cookie ?? '')?.[1];
  const formId = Number(formPath.exec(request.url ?? '')?.[1]);
  if (!token) return answer(response, 401, { message: 'Not authenticated' });
  // Prepared under the app's own name, as the app prepares it.
  const session = await pool.query<SessionRow>({
    ...SESSION_STATEMENTS.withUserAndForm,
    text: SESSION_AND_FORM_SQL,
    values: [formId, hashToken(token)],
  });
  const userId = session.rows[0]?.user_row.id;
  if (userId === undefined) return answer(response, 401, { message: 'Not authenticated' });
  const form = session.rows[0]?.form_with_standing;
  if (!form || (form.created_by_id !== userId && !form.caller_has_access)) {
    return answer(response, 404, { message: 'Form not found' });
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
