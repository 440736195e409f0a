/**
 * B2: POST /api/forms/{id}/submissions req/s with 20 fields (validation, policy, image lock, the
 * entry and its field values, consensus recompute, webhook outbox, live publish after commit)
 * against the same writes as raw SQL in one transaction through `pg` from this process: the
 * submission, its 20 field_values and the image's stored state. Both at 10 concurrent clients for
 * the same time, on disjoint halves of one form's images, each image taken by one user once.
 * B2b, in the same runs: the app against its own SQL replayed behind bare node:http (b2bSubmissions.ts).
 */
import type pg from 'pg';
import { type B2bPrimitive, startB2b } from './b2bSubmissions.ts';
import type { BenchServer } from './benchServer.ts';
import { httpLoad, LOAD_CONNECTIONS, type LoadFigures, loopLoad } from './httpLoad.ts';
import { median, round } from './measure.ts';
import { addCpu, type CpuSplit, measureCpu, perRequest } from './processCpu.ts';
import {
  BENCH_FIELDS,
  benchEntry,
  type Contributor,
  createBenchForm,
  createContributors,
  createSessions,
  imageIds,
  type Seeder,
  seedEmptyImages,
  sessionCookie,
} from './seedData.ts';

const IMAGES = 20_000;
/** B2b's fresh images (each request an image's first entry), and two for the capture. */
const B2B_IMAGES = 15_002;
const USERS_PER_SIDE = 10;

export interface B2Result {
  figure: string;
  connections: number;
  runs: number;
  secondsPerRun: number;
  appRequestsPerSecond: number;
  sqlTransactionsPerSecond: number;
  ratio: number;
  target: number;
  appP99Ms: number;
  sqlP99Ms: number;
  p99Ratio: number;
  p99RatioTarget: number;
  failures: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** CPU per request by process (ms, all runs), where /proc has it. */
  cpuPerSubmission?: CpuSplit;
  cpuPerRawTransaction?: CpuSplit;
  b2b: B2bFigure;
}

/** B2b: the app against its own statements for a submission, replayed through pg behind node:http. */
export interface B2bFigure {
  /** The app's statements per submission, in order (a name, or the start of the text). */
  statements: string[];
  replayRequestsPerSecond: number;
  ratio: number;
  target: number;
  replayP99Ms: number;
  p99Ratio: number;
  failures: number;
  /** Replayed requests that found no fresh image (a second entry replayed as a first); should be 0. */
  reusedImages: number;
  /** Images the replay left unlike the app's first entry (b2bSubmissions.ts); should be 0. */
  wrongImages: number;
  cpuPerReplay?: CpuSplit;
}

/** Hands out (image, user) pairs no one has used: every image once per user, users in turn. */
function pairs<U>(images: readonly number[], users: readonly U[]) {
  let taken = 0;
  return () => {
    const n = taken++;
    const image = images[n % images.length];
    const user = users[Math.floor(n / images.length)];
    if (image === undefined || user === undefined) throw new Error('B2: out of (image, user) pairs');
    return { image, user };
  };
}

/** One entry's worth of writes, as recordSubmission makes them. */
async function rawSubmission(db: pg.Pool, formId: number, image: number, user: Contributor): Promise<void> {
  const data = benchEntry(image);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: number; submitted_at: Date }>(
      `INSERT INTO form_submissions (form_id, image_id, submitted_by_id, submitted_by_email, data, status)
       VALUES ($1, $2, $3, $4, $5, 'submitted') RETURNING id, submitted_at`,
      [formId, image, user.id, user.username, data],
    );
    const submission = rows[0];
    if (!submission) throw new Error('no submission row');
    await client.query(
      `INSERT INTO field_values (form_id, image_id, field_name, value, submitted_by_id, submission_id, submitted_at)
       SELECT $1, $2, f.key, f.value, $3, $4, $5 FROM jsonb_each_text($6::jsonb) f`,
      [formId, image, user.id, submission.id, submission.submitted_at, data],
    );
    const fieldStatus = Object.fromEntries(BENCH_FIELDS.map((f) => [f.id, { isVerified: false, verifiedValue: null }]));
    await client.query(
      `UPDATE form_images SET entry_count = entry_count + 1, verified_field_count = 0, field_status = $2,
         is_complete = false, completed_at = NULL, last_submission_at = $3, exported_at = NULL, exported_by_id = NULL
       WHERE id = $1`,
      [image, fieldStatus, submission.submitted_at],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export async function runB2(server: BenchServer, seeder: Seeder, db: pg.Pool, runs = 3, seconds = 5) {
  const formId = await createBenchForm(seeder.db, server.ownerId, 'B2 submissions form');
  await seedEmptyImages(seeder, formId, IMAGES + B2B_IMAGES);
  const images = await imageIds(seeder.db, formId);
  const people = await createContributors(seeder.db, formId, USERS_PER_SIDE * 3 + 2);
  const cookies: string[] = [];
  for (const person of people.slice(0, USERS_PER_SIDE))
    cookies.push(sessionCookie((await createSessions(seeder.db, person.id, 1))[0] ?? ''));
  const b2b = await startB2b(server, seeder, formId, images.slice(IMAGES), people.slice(USERS_PER_SIDE * 2));
  try {
    const sides = { images, cookies, rawPeople: people.slice(USERS_PER_SIDE, USERS_PER_SIDE * 2) };
    return await measureB2(server, db, formId, sides, b2b, runs, seconds);
  } finally {
    b2b.stop();
  }
}

async function measureB2(
  server: BenchServer,
  db: pg.Pool,
  formId: number,
  { images, cookies, rawPeople }: { images: readonly number[]; cookies: string[]; rawPeople: Contributor[] },
  b2b: B2bPrimitive,
  runs: number,
  seconds: number,
): Promise<B2Result> {
  const nextApp = pairs(images.slice(0, IMAGES / 2), cookies);
  const nextRaw = pairs(images.slice(IMAGES / 2, IMAGES), rawPeople);

  const app = () =>
    httpLoad({
      url: server.url,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: `/api/forms/${formId}/submissions`,
          setupRequest: (request) => {
            const { image, user } = nextApp();
            return {
              ...request,
              headers: { 'content-type': 'application/json', origin: server.url, cookie: user },
              body: JSON.stringify({ imageId: image, data: benchEntry(image) }),
            };
          },
        },
      ],
    });
  const raw = () =>
    loopLoad(() => {
      const { image, user } = nextRaw();
      return rawSubmission(db, formId, image, user);
    }, seconds);
  const replay = () => b2b.load(seconds);
  await app();
  await raw();
  await replay();
  const sides = { ours: [] as LoadFigures[], primitive: [] as LoadFigures[], replay: [] as LoadFigures[] };
  const cpu = {
    ours: [] as (CpuSplit | undefined)[],
    primitive: [] as (CpuSplit | undefined)[],
    replay: [] as (CpuSplit | undefined)[],
  };
  const measured = async (side: keyof typeof sides, load: () => Promise<LoadFigures>, pid: number) => {
    const { result, cpu: split } = await measureCpu({ app: [pid], databaseUrl: server.databaseUrl }, load);
    sides[side].push(result);
    cpu[side].push(split);
  };
  const { loop } = await server.measureLoop(async () => {
    for (let run = 0; run < runs; run++) {
      await measured('ours', app, server.pid);
      await measured('primitive', raw, server.pid);
      await measured('replay', replay, b2b.pid);
    }
  });
  const { ours, primitive } = sides;
  const appRps = median(ours.map((r) => r.requestsPerSecond));
  const sqlRps = median(primitive.map((r) => r.requestsPerSecond));
  const appP99 = median(ours.map((r) => r.p99Ms));
  const sqlP99 = median(primitive.map((r) => r.p99Ms));
  return {
    figure: 'POST /api/forms/{id}/submissions req/s, 20 fields',
    connections: LOAD_CONNECTIONS,
    runs,
    secondsPerRun: seconds,
    appRequestsPerSecond: Math.round(appRps),
    sqlTransactionsPerSecond: Math.round(sqlRps),
    ratio: round(appRps / sqlRps),
    target: 0.4,
    appP99Ms: round(appP99, 1),
    sqlP99Ms: round(sqlP99, 1),
    p99Ratio: round(appP99 / sqlP99),
    p99RatioTarget: 2.5,
    failures: [...ours, ...primitive].reduce((sum, r) => sum + r.failures, 0),
    loopDelayP99Ms: round(loop.p99Ms, 1),
    loopDelayMaxMs: round(loop.maxMs, 1),
    cpuPerSubmission: perRequest(addCpu(cpu.ours), requests(ours, seconds)),
    cpuPerRawTransaction: perRequest(addCpu(cpu.primitive), requests(primitive, seconds)),
    b2b: {
      ...b2bFigure(b2b, sides.replay, appRps, appP99, perRequest(addCpu(cpu.replay), requests(sides.replay, seconds))),
      wrongImages: await b2b.wrongImages(),
    },
  } satisfies B2Result;
}

function b2bFigure(
  b2b: B2bPrimitive,
  runs: LoadFigures[],
  appRps: number,
  appP99: number,
  cpuPerReplay: CpuSplit | undefined,
): Omit<B2bFigure, 'wrongImages'> {
  const replayRps = median(runs.map((r) => r.requestsPerSecond));
  const replayP99 = median(runs.map((r) => r.p99Ms));
  return {
    statements: b2b.statements,
    replayRequestsPerSecond: Math.round(replayRps),
    ratio: round(appRps / replayRps),
    target: 0.75,
    replayP99Ms: round(replayP99, 1),
    p99Ratio: round(appP99 / replayP99),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    reusedImages: b2b.reusedImages(),
    cpuPerReplay,
  };
}

/** Requests a side answered over all its runs. */
function requests(runs: LoadFigures[], seconds: number): number {
  return runs.reduce((sum, r) => sum + r.requestsPerSecond * seconds, 0);
}
