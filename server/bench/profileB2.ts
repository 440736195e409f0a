/**
 * CPU per submission of the app process under B2's load alone, and its CPU profile:
 *   npx tsx server/bench/profileB2.ts [seconds=10] [--rounds=3] [--no-profile] [dir=bench/results/profiles]
 * B2 loads the app, the raw inserts and B2b's replay in turn, and its profile covers all three
 * phases and the app's start; this loads only `POST /api/forms/{id}/submissions` (B2's request:
 * 20 fields, each image's first entry, 10 connections), after an 8 s warm-up, and prints each
 * round's CPU per submission by process (app, PostgreSQL) from /proc, which is steadier than
 * submissions/s on a shared machine. Compare two versions of the code by running this back to back.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { startBenchServer } from './benchServer.ts';
import { httpLoad } from './httpLoad.ts';
import { median } from './measure.ts';
import { measureCpu } from './processCpu.ts';

/** The app's user and system CPU ms so far (/proc; clock ticks of 10 ms). */
async function userAndSystemMs(pid: number): Promise<{ user: number; system: number }> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

import {
  benchEntry,
  createBenchForm,
  createContributors,
  createSessions,
  imageIds,
  Seeder,
  seedEmptyImages,
  sessionCookie,
} from './seedData.ts';

const USERS = 10;
/** The JIT settles slowly on this path: the first rounds after a short warm-up cost a third more. */
const WARM_UP_SECONDS = 8;

/** CPU ms (user + system) by thread name so far: the main thread, V8's compiler and GC helpers, libuv's pool. */
async function cpuByThread(pid: number): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  for (const tid of await fs.readdir(`/proc/${pid}/task`)) {
    const stat = await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    byName.set(tid === String(pid) ? `main` : `${name}#${tid}`, ms);
  }
  return byName;
}
/** Room for every round's first entries at up to 600 submissions a second. */
const imagesFor = (seconds: number, rounds: number) => Math.ceil((WARM_UP_SECONDS + seconds * rounds) * 600);

const args = process.argv.slice(2);
const profiling = !args.includes('--no-profile');
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 3);
const [secondsArg = '10', dirArg = 'bench/results/profiles'] = args.filter((a) => !a.startsWith('--'));
const seconds = Number(secondsArg);
const dir = path.resolve(dirArg, `b2-${Date.now()}`);
if (profiling) {
  await fs.mkdir(dir, { recursive: true });
  process.env.BENCH_CPU_PROF = dir;
}

const server = await startBenchServer();
const seeder = await Seeder.open(server.databaseUrl, 1);
try {
  const formId = await createBenchForm(seeder.db, server.ownerId, 'profileB2 form');
  await seedEmptyImages(seeder, formId, imagesFor(seconds, rounds));
  const images = await imageIds(seeder.db, formId);
  const cookies: string[] = [];
  for (const person of await createContributors(seeder.db, formId, USERS))
    cookies.push(sessionCookie((await createSessions(seeder.db, person.id, 1))[0] ?? ''));
  // Every image's first entry (as in B2), the users in turn: the same work each request.
  let taken = 0;
  const next = () => {
    const n = taken++;
    const image = images[n];
    if (image === undefined) throw new Error('profileB2: out of images');
    return { image, cookie: cookies[n % USERS] ?? '' };
  };
  const load = (duration: number) =>
    httpLoad({
      url: server.url,
      duration,
      requests: [
        {
          method: 'POST',
          path: `/api/forms/${formId}/submissions`,
          setupRequest: (request) => {
            const { image, cookie } = next();
            return {
              ...request,
              headers: { 'content-type': 'application/json', origin: server.url, cookie },
              body: JSON.stringify({ imageId: image, data: benchEntry(image) }),
            };
          },
        },
      ],
    });
  await load(WARM_UP_SECONDS);
  const appMs: number[] = [];
  let lastThreads: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const split = await userAndSystemMs(server.pid);
    const threadsBefore = await cpuByThread(server.pid);
    const { result, cpu } = await measureCpu({ app: [server.pid], databaseUrl: server.databaseUrl }, () =>
      load(seconds),
    );
    const submissions = result.requestsPerSecond * seconds;
    const per = (ms: number) => (ms / submissions).toFixed(2);
    const after = await userAndSystemMs(server.pid);
    const threads = [...(await cpuByThread(server.pid))]
      .filter(([name, ms]) => ms > (threadsBefore.get(name) ?? 0))
      .map(([name, ms]) => `${name} ${per(ms - (threadsBefore.get(name) ?? 0))}`);
    lastThreads = threads;
    if (cpu) appMs.push(cpu.appMs / submissions);
    console.log(
      `round ${round}: ${Math.round(result.requestsPerSecond)} submissions/s, p99 ${result.p99Ms} ms, ` +
        `${result.failures} failures; CPU per submission: app ${cpu ? per(cpu.appMs) : '?'} ms, ` +
        `(user ${per(after.user - split.user)}, system ${per(after.system - split.system)}), PostgreSQL ${cpu ? per(cpu.postgresMs) : '?'} ms, load ${cpu ? per(cpu.driverMs) : '?'} ms`,
    );
  }
  console.log(`  by thread (ms per submission): ${lastThreads.join(', ')}`);
  console.log(`median app CPU per submission: ${median(appMs).toFixed(2)} ms`);
  // Throttled live publishes still due go out before the app stops.
  await new Promise((resolve) => setTimeout(resolve, 1500));
} finally {
  await seeder.close();
  await server.stop();
}

if (profiling) {
  // The app writes its profile as it exits; the main thread's is the largest file.
  let names: string[] = [];
  for (let waited = 0; names.length < 2 && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  }
  const sized = await Promise.all(
    names.map(async (name) => ({ name, size: (await fs.stat(path.join(dir, name))).size })),
  );
  const main = sized.sort((a, b) => b.size - a.size)[0];
  console.log(main ? `profile: ${path.join(dir, main.name)}` : `no profile was written to ${dir}`);
}
process.exit(0);
