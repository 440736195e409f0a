/**
 * Bench-only, inside the app process: records the SQL the app sends for the next HTTP requests,
 * statement by statement with their bindings, names and first result rows, so B2b can replay the
 * very statements of a submission through bare `pg` (b2bReplay.ts) instead of a copy of their text
 * that would drift from the app's. A statement belongs to the request on whose async path it was
 * sent (AsyncLocalStorage), up to the moment its response finished; workers' statements are not
 * on that path. The app's own code is not touched: this listens to knex's query events, and to the
 * diagnostics channel of the statements sent past knex (src/db/pgStatements.ts: the submission's
 * lean transaction, the lean reads).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type http from 'node:http';
import type { Knex } from 'knex';
import { type LeanStatementMessage, leanStatementAnswered, leanStatementSent } from '../src/db/pgStatements.ts';

/** A binding or result value as it crosses the process boundary (JSON): dates are tagged. */
export type Captured = null | boolean | number | string | { $date: string } | Captured[] | { [key: string]: Captured };

export interface CapturedStatement {
  text: string;
  /** The name it is prepared under (db/plannedOnce.ts), when it has one. */
  name?: string;
  bindings: Captured[];
  /** The first row it answered (undefined for none). */
  firstRow?: Captured;
}

interface RequestStatements {
  open: boolean;
  statements: Map<string, CapturedStatement>;
}

interface QueryEvent {
  sql: string;
  bindings?: unknown[];
  options?: { name?: unknown };
  __knexQueryUid?: string;
}

/** Dates tagged, everything else as JSON would carry it. */
export function encode(value: unknown): Captured {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(encode);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return String(value);
}

function firstRowOf(response: unknown): unknown {
  if (Array.isArray(response)) return response[0];
  if (response && typeof response === 'object' && 'rows' in response && Array.isArray(response.rows))
    return response.rows[0];
  return undefined;
}

function isLeanStatement(message: unknown): message is LeanStatementMessage {
  return typeof message === 'object' && message !== null && 'id' in message && 'text' in message;
}

/**
 * `capture(n)` listens for the next n requests and resolves with their statements, in order. It
 * listens only while a capture runs: an AsyncLocalStorage in use turns on Node 20's promise hooks
 * for the whole process (every promise then costs a hook call), and a subscriber to the lean
 * statements' channel makes the app build a message for every statement. Left on, both would
 * slow every benchmark of the app after B2b's capture, costs the app never pays in production.
 */
export function installSqlCapture(httpServer: http.Server, knex: Knex) {
  return {
    capture(requests: number): Promise<CapturedStatement[][]> {
      return new Promise((resolve) => {
        const stop = listen(httpServer, knex, requests, (captured) => {
          stop();
          resolve(captured);
        });
      });
    },
  };
}

/** Records the statements of the next `requests` requests; returns the function that stops listening. */
function listen(
  httpServer: http.Server,
  knex: Knex,
  requests: number,
  done: (captured: CapturedStatement[][]) => void,
): () => void {
  const scope = new AsyncLocalStorage<RequestStatements | null>();
  let wanted = requests;
  const captured: CapturedStatement[][] = [];
  let unfinished = 0;

  const onRequest = (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (wanted === 0) return scope.enterWith(null);
    wanted--;
    unfinished++;
    const request: RequestStatements = { open: true, statements: new Map() };
    const index = captured.length;
    captured.push([]);
    response.once('finish', () => {
      request.open = false;
      captured[index] = [...request.statements.values()];
      unfinished--;
      if (wanted === 0 && unfinished === 0) done(captured);
    });
    scope.enterWith(request);
  };
  const onQuery = (query: QueryEvent) => {
    const request = scope.getStore();
    if (!request?.open) return;
    const name = typeof query.options?.name === 'string' ? query.options.name : undefined;
    const statement = { text: query.sql, ...(name ? { name } : {}), bindings: (query.bindings ?? []).map(encode) };
    request.statements.set(query.__knexQueryUid ?? String(request.statements.size), statement);
  };
  const onQueryResponse = (response: unknown, query: QueryEvent) => {
    const request = scope.getStore();
    const statement = query.__knexQueryUid ? request?.statements.get(query.__knexQueryUid) : undefined;
    if (!request?.open || !statement) return;
    const row = firstRowOf(response);
    if (row !== undefined) statement.firstRow = encode(row);
  };
  // The lean transaction's statements, as pg receives them: the same text, name and values knex
  // would have sent (src/db/positionalText.ts).
  const onLeanSent = (message: unknown) => {
    const request = scope.getStore();
    if (!request?.open || !isLeanStatement(message)) return;
    const { text, name, values } = message;
    request.statements.set(`lean:${message.id}`, { text, ...(name ? { name } : {}), bindings: values.map(encode) });
  };
  const onLeanAnswered = (message: unknown) => {
    const request = scope.getStore();
    const statement = isLeanStatement(message) ? request?.statements.get(`lean:${message.id}`) : undefined;
    if (!request?.open || !statement || !isLeanStatement(message)) return;
    const row = message.rows?.[0];
    if (row !== undefined) statement.firstRow = encode(row);
  };

  httpServer.prependListener('request', onRequest);
  knex.on('query', onQuery);
  knex.on('query-response', onQueryResponse);
  leanStatementSent.subscribe(onLeanSent);
  leanStatementAnswered.subscribe(onLeanAnswered);
  return () => {
    httpServer.off('request', onRequest);
    knex.off('query', onQuery);
    knex.off('query-response', onQueryResponse);
    leanStatementSent.unsubscribe(onLeanSent);
    leanStatementAnswered.unsubscribe(onLeanAnswered);
    // With no AsyncLocalStorage left in use, Node turns its promise hooks off again.
    scope.disable();
  };
}
