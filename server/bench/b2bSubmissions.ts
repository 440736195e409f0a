/**
 * B2b: the app's submissions against its own SQL for a submission replayed through `pg` behind a
 * bare `node:http` server (b2bSqlServerProcess.ts), loaded by the same client as B2. The SQL is
 * captured from the app at bench time (two real submissions, sqlCapture.ts), so the primitive
 * follows the app's statements, their order and their names whenever they change; what the app
 * spends beyond it is Koa, validation, the models, consensus, the policy and the presenter.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayScript, type SubmissionRequest } from './b2bReplay.ts';
import type { BenchServer } from './benchServer.ts';
import { httpLoad, type LoadFigures } from './httpLoad.ts';
import { BENCH_FIELDS, benchEntry, type Contributor, createSessions, type Seeder, sessionCookie } from './seedData.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface B2bPrimitive {
  pid: number;
  /** The app's statements for one submission, in order: a name, or the start of the text. */
  statements: string[];
  /** One run of B2's load against the primitive, each request a new image's first entry. */
  load(seconds: number): Promise<LoadFigures>;
  /** Requests that found no fresh image left (they entered an image a second time). */
  reusedImages(): number;
  /**
   * Images the replay left other than the app would have: not one entry with its 20 field values,
   * its audit line and the image's count of 1. Should be 0, or the replay is not the app's work.
   */
  wrongImages(): Promise<number>;
  stop(): void;
}

/** POSTs one entry to the app, as B2's load does. */
async function submit(server: BenchServer, formId: number, request: SubmissionRequest): Promise<void> {
  const response = await fetch(`${server.url}/api/forms/${formId}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: sessionCookie(request.token) },
    body: JSON.stringify({ imageId: request.imageId, data: request.data }),
  });
  if (response.status !== 201) throw new Error(`B2b capture: the app answered ${response.status}`);
}

/**
 * Captures two of the app's submissions (the first two of `images`, by the first two of `people`),
 * then starts the primitive replaying them; its load enters the other images, each once, by the
 * other people in turn.
 */
export async function startB2b(
  server: BenchServer,
  seeder: Seeder,
  formId: number,
  images: readonly number[],
  people: readonly Contributor[],
): Promise<B2bPrimitive> {
  const tokens: string[] = [];
  for (const person of people) tokens.push((await createSessions(seeder.db, person.id, 1))[0] ?? '');
  const captureRequests = [0, 1].map((i) => ({
    token: tokens[i] ?? '',
    imageId: images[i] ?? 0,
    data: benchEntry(images[i] ?? 0),
  }));
  const [first, second] = captureRequests;
  if (!first || !second) throw new Error('B2b: nothing to capture');
  const captured = await server.captureSql(2, async () => {
    for (const request of captureRequests) await submit(server, formId, request);
  });
  const [a, b] = captured;
  if (!a || !b) throw new Error('B2b: the capture missed a submission');
  const script = replayScript([a, b], [first, second]);

  const child = fork(path.join(here, 'b2bSqlServerProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_DATABASE_URL: server.databaseUrl },
  });
  child.send({ script });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`b2bSqlServerProcess exited (${code}) before listening`)));
  });
  const fresh = images.slice(2);
  const cookies = tokens.slice(2).map(sessionCookie);
  let taken = 0;
  return {
    pid: child.pid ?? 0,
    statements: script.map((s) => s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 60)),
    load: (seconds) =>
      httpLoad({
        url: `http://127.0.0.1:${port}`,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: `/api/forms/${formId}/submissions`,
            setupRequest: (request) => {
              const n = taken++;
              const image = fresh[n % fresh.length] ?? 0;
              const cookie = cookies[Math.floor(n / fresh.length) % cookies.length] ?? '';
              return {
                ...request,
                headers: { 'content-type': 'application/json', cookie },
                body: JSON.stringify({ imageId: image, data: benchEntry(image) }),
              };
            },
          },
        ],
      }),
    reusedImages: () => Math.max(0, taken - fresh.length),
    async wrongImages() {
      const { rows } = await seeder.db.query<{ wrong: number }>(
        `SELECT count(*)::int AS wrong FROM form_images i
         WHERE i.id = ANY($1::int[]) AND i.entry_count > 0 AND (
           i.entry_count <> 1
           OR (SELECT count(*) FROM form_submissions s WHERE s.image_id = i.id) <> 1
           OR (SELECT count(*) FROM field_values v WHERE v.image_id = i.id) <> $2
           OR (SELECT count(*) FROM audit_events a WHERE a.image_id = i.id AND a.kind = 'entry-created') <> 1)`,
        [fresh, BENCH_FIELDS.length],
      );
      return rows[0]?.wrong ?? -1;
    },
    stop: () => child.send('stop'),
  };
}
