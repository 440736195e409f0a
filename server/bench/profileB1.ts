/**
 * CPU per request of B1's servers, and a CPU profile of the app process under one of B1's loads:
 *   npx tsx server/bench/profileB1.ts health|form|koa|hello[,…] [seconds=15] [dir=bench/results/profiles]
 *     [--no-profile] [--rounds=N]
 * `health` and `form` load the bench app (started with BENCH_CPU_PROF=dir, see benchServer.ts);
 * `koa` and `hello` load B1a's yardsticks (koaHelloServerProcess.ts, helloServerProcess.ts) in their
 * own processes, each warmed up for 3 s first. Several sides, comma-separated, are loaded in turn, `rounds` times over (A/B/A/B:
 * a busy spell of the shared machine then falls on each side alike), and each side's CPU time per
 * request is printed per round and as a median. With `health,koa`, the ratio of the two medians is
 * B1a's target seen as CPU (bare Koa's µs over the app's). The app's profile is written when it stops.
 * The profile also holds the app's start; at 15 s of load that is a few percent of the samples.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { startPrimitive } from './b1ApiStack.ts';
import { startBenchServer } from './benchServer.ts';
import { makeJpegCorpus } from './corpus.ts';
import { httpLoad } from './httpLoad.ts';
import { median } from './measure.ts';
import { createContributors, createSessions, Seeder, sessionCookie } from './seedData.ts';
import { uploadThroughHttp } from './uploadThroughHttp.ts';

/** User and system CPU seconds a process has used so far (Linux /proc). */
async function cpuSeconds(pid: number): Promise<{ user: number; system: number }> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** CPU seconds by thread name (Linux /proc/pid/task), summed over threads of the same name. */
async function threadCpuSeconds(pid: number): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  for (const tid of await fs.readdir(`/proc/${pid}/task`).catch(() => [])) {
    const stat = await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    // Node names its other threads after itself too: the main thread is told apart by its id.
    const name = `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}${tid === String(pid) ? ' (main)' : ''}`;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return byName;
}

/** Where a round's CPU went, by thread name: the names whose share is over 1 %. */
function threadShares(before: Map<string, number>, after: Map<string, number>): string {
  const deltas = [...after].map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)] as const);
  const total = deltas.reduce((sum, [, seconds]) => sum + seconds, 0);
  return deltas
    .filter(([, seconds]) => total > 0 && seconds / total > 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name} ${((seconds / total) * 100).toFixed(0)} %`)
    .join(', ');
}

const SIDES = ['health', 'form', 'koa', 'hello'] as const;
type Side = (typeof SIDES)[number];
const isSide = (text: string): text is Side => SIDES.some((side) => side === text);

const args = process.argv.slice(2);
const profiling = !args.includes('--no-profile');
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 1);
// --after-uploads=N: the app first takes N of B5's uploads, as it has in a full run when B1 comes after B5.
const uploadsFirst = Number(args.find((a) => a.startsWith('--after-uploads='))?.slice('--after-uploads='.length) ?? 0);
const [sidesArg = 'form', secondsArg = '15', dirArg = 'bench/results/profiles'] = args.filter(
  (a) => !a.startsWith('--'),
);
const sides = sidesArg.split(',').filter(isSide);
if (sides.length !== sidesArg.split(',').length)
  throw new Error(`sides must be among ${SIDES.join(', ')}: ${sidesArg}`);
const seconds = Number(secondsArg);
const dir = path.resolve(dirArg, `${sidesArg.replaceAll(',', '-')}-${Date.now()}`);
if (profiling) {
  await fs.mkdir(dir, { recursive: true });
  process.env.BENCH_CPU_PROF = dir;
}

const server = await startBenchServer();
const seeder = await Seeder.open(server.databaseUrl, 1);
const koa = sides.includes('koa') ? await startPrimitive('koaHelloServerProcess.ts') : undefined;
const hello = sides.includes('hello') ? await startPrimitive('helloServerProcess.ts') : undefined;
try {
  const [contributor] = await createContributors(seeder.db, server.formId, 1);
  if (!contributor) throw new Error('no contributor');
  const cookie = sessionCookie((await createSessions(seeder.db, contributor.id, 1))[0] ?? '');
  const targets: Record<Side, () => { url: string; pid: number; headers?: Record<string, string> }> = {
    health: () => ({ url: `${server.url}/api/health`, pid: server.pid }),
    form: () => ({ url: `${server.url}/api/forms/${server.formId}`, pid: server.pid, headers: { cookie } }),
    koa: () => ({ url: `${koa?.url}/api/health`, pid: koa?.pid ?? 0 }),
    hello: () => ({ url: `${hello?.url}/`, pid: hello?.pid ?? 0 }),
  };
  if (uploadsFirst > 0) {
    const corpus = await makeJpegCorpus(4);
    for (let i = 0; i < uploadsFirst; i++)
      await uploadThroughHttp(server, corpus[i % corpus.length] ?? Buffer.alloc(0), 'IMG_3000x4000.jpg');
  }
  // Each side warmed up first (the JIT, the app's own start-up work), as B1 does.
  for (const side of sides) {
    const { url, headers } = targets[side]();
    await httpLoad({ url, duration: 3, ...(headers ? { headers } : {}) });
  }
  const userUs = new Map<Side, number[]>(sides.map((side) => [side, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const side of sides) {
      const { url, pid, headers } = targets[side]();
      const cpuBefore = await cpuSeconds(pid);
      const threadsBefore = await threadCpuSeconds(pid);
      const figures = await httpLoad({ url, duration: seconds, ...(headers ? { headers } : {}) });
      const cpuAfter = await cpuSeconds(pid);
      const threads = threadShares(threadsBefore, await threadCpuSeconds(pid));
      const requests = figures.requestsPerSecond * seconds;
      const perRequestUs = (cpu: number) => (cpu / requests) * 1e6;
      userUs.get(side)?.push(perRequestUs(cpuAfter.user - cpuBefore.user));
      // CPU time per request is steadier than requests/s on a shared machine: it leaves out the time
      // other processes (the load generator among them) held the cores.
      console.log(
        `round ${round} ${side}: ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99Ms} ms, ` +
          `${figures.failures} failures, CPU per request ${perRequestUs(cpuAfter.user - cpuBefore.user).toFixed(1)} µs user + ` +
          `${perRequestUs(cpuAfter.system - cpuBefore.system).toFixed(1)} µs system (kernel: sockets)`,
      );
      console.log(`  by thread: ${threads}`);
    }
  }
  const medians = new Map(sides.map((side) => [side, median(userUs.get(side) ?? [])]));
  console.log(`medians (µs user per request): ${sides.map((s) => `${s} ${medians.get(s)?.toFixed(1)}`).join(', ')}`);
  const app = medians.get('health');
  const koaUs = medians.get('koa');
  if (app && koaUs)
    console.log(`bare Koa's CPU over the app's (B1a's target 0.90, as CPU): ${(koaUs / app).toFixed(2)}`);
  // Each round's two sides ran back to back, under the same load from the rest of the machine:
  // the median of the rounds' own ratios is steadier than the ratio of the medians.
  const appRounds = userUs.get('health') ?? [];
  const koaRounds = userUs.get('koa') ?? [];
  if (appRounds.length > 1 && koaRounds.length === appRounds.length) {
    const ratios = appRounds.map((us, i) => (koaRounds[i] ?? 0) / us);
    console.log(`per round: ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ${median(ratios).toFixed(2)}`);
  }
} finally {
  koa?.stop();
  hello?.stop();
  await seeder.close();
  await server.stop();
}

if (!profiling) process.exit(0);

// The app process writes its profiles as it exits, just after it said it stopped: wait for them.
// The main thread's profile is the largest one (tsx's loader thread writes a small one beside it).
async function profiles(): Promise<Array<{ name: string; size: number }>> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  return Promise.all(names.map(async (name) => ({ name, size: (await fs.stat(path.join(dir, name))).size })));
}
let written = await profiles();
for (let waited = 0; written.length < 2 && waited < 10_000; waited += 100) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  written = await profiles();
}
const main = written.sort((a, b) => b.size - a.size)[0];
if (!main) throw new Error(`no profile was written to ${dir}`);
console.log(`profile: ${path.join(dir, main.name)}\n  npx tsx server/bench/cpuProfileTop.ts <that file> 30`);
