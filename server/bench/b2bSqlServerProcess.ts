/**
 * B2b's primitive: a bare `node:http` server in its own process that answers
 * POST /api/forms/{id}/submissions by replaying, through `pg`, the statements the app ran for a
 * submission (captured from the app at bench time, b2bReplay.ts): the session read, BEGIN, the
 * entry's statements in the app's order with this request's image, entry and user, COMMIT. The
 * statements the app names are prepared under the same names. No framework, no validation, no
 * consensus computed (its results are the captured ones: every request is an image's first
 * entry, as in the capture), no presenter: what is left of the app's time is theirs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { type ReplayBinding, type ReplayStatement, requestRoles, type SubmissionRequest } from './b2bReplay.ts';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
const cookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);
let script: ReplayStatement[] = [];

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function valueAt(row: unknown, path: string[]): unknown {
  let value = row;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/** The JSON body's image and entry (B2's load sends nothing else). */
async function readEntry(request: http.IncomingMessage): Promise<Omit<SubmissionRequest, 'token'>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const imageId = valueAt(body, ['imageId']);
  const data = valueAt(body, ['data']);
  if (typeof imageId !== 'number' || !data || typeof data !== 'object') throw new Error('not an entry');
  return { imageId, data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])) };
}

async function replay(request: SubmissionRequest): Promise<unknown> {
  const roles = requestRoles(request);
  const rows: unknown[] = [];
  const bind = (binding: ReplayBinding): unknown => {
    if ('constant' in binding) {
      const value = binding.constant;
      return value && typeof value === 'object' && '$date' in value ? new Date(String(value.$date)) : value;
    }
    if ('role' in binding) return roles[binding.role];
    const value = valueAt(rows[binding.statement], binding.path);
    if (value === undefined) throw new Error(`no ${binding.path.join('.')} in statement ${binding.statement + 1}`);
    return binding.asDate && !(value instanceof Date) ? new Date(String(value)) : value;
  };
  let client: pg.PoolClient | undefined;
  try {
    for (const statement of script) {
      if (statement.text.startsWith('BEGIN')) client = await pool.connect();
      const values = statement.bindings.map(bind);
      const { text, name } = statement;
      const result = await (client ?? pool).query(name ? { name, text, values } : { text, values });
      rows.push(result.rows[0]);
      if (statement.text.startsWith('COMMIT')) {
        client?.release();
        client = undefined;
      }
    }
  } catch (error) {
    await client?.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client?.release();
  }
  return rows.findLast((row) => row !== undefined);
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const token = cookiePattern.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return answer(response, 401, { message: 'Not authenticated' });
  const entry = await readEntry(request);
  try {
    answer(response, 201, await replay({ token, ...entry }));
  } catch (error) {
    const unique = error instanceof Error && 'code' in error && error.code === '23505';
    answer(response, unique ? 409 : 500, { message: String(error) });
  }
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error: unknown) => answer(response, 500, { message: String(error) }));
});
process.once('message', (message: { script: ReplayStatement[] }) => {
  script = message.script;
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on('message', () => {
    server.close();
    pool.end().finally(() => process.exit(0));
  });
});
