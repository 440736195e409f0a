/**
 * A CPU profile of the app process under one of B1's loads alone, so its frames are that route's:
 *   npx tsx server/bench/profileB1.ts health|form [seconds=15] [dir=bench/results/profiles] [--no-profile]
 * Starts the bench app with BENCH_CPU_PROF=dir (see benchServer.ts), loads the route with B1's
 * autocannon shape, prints the app's CPU time per request, stops the app (which writes the
 * .cpuprofile) and says where the profile is.
 * The profile also holds the app's start; at 15 s of load that is a few percent of the samples.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { startBenchServer } from './benchServer.ts';
import { httpLoad } from './httpLoad.ts';
import { createContributors, createSessions, Seeder, sessionCookie } from './seedData.ts';

/** User and system CPU seconds a process has used so far (Linux /proc). */
async function cpuSeconds(pid: number): Promise<{ user: number; system: number }> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

const args = process.argv.slice(2);
const profiling = !args.includes('--no-profile');
const [route = 'form', secondsArg = '15', dirArg = 'bench/results/profiles'] = args.filter((a) => !a.startsWith('--'));
if (route !== 'health' && route !== 'form') throw new Error(`route must be health or form, not ${route}`);
const dir = path.resolve(dirArg, `${route}-${Date.now()}`);
if (profiling) {
  await fs.mkdir(dir, { recursive: true });
  process.env.BENCH_CPU_PROF = dir;
}

const server = await startBenchServer();
const seeder = await Seeder.open(server.databaseUrl, 1);
try {
  const [contributor] = await createContributors(seeder.db, server.formId, 1);
  if (!contributor) throw new Error('no contributor');
  const cookie = sessionCookie((await createSessions(seeder.db, contributor.id, 1))[0] ?? '');
  const load = () =>
    route === 'health'
      ? httpLoad({ url: `${server.url}/api/health`, duration: Number(secondsArg) })
      : httpLoad({
          url: `${server.url}/api/forms/${server.formId}`,
          headers: { cookie },
          duration: Number(secondsArg),
        });
  const cpuBefore = await cpuSeconds(server.pid);
  const figures = await load();
  const cpuAfter = await cpuSeconds(server.pid);
  const requests = figures.requestsPerSecond * Number(secondsArg);
  const perRequestUs = (seconds: number) => ((seconds / requests) * 1e6).toFixed(1);
  // CPU time per request is steadier than requests/s on a shared machine: it leaves out the time
  // other processes (the load generator among them) held the cores.
  console.log(
    `${route}: ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99Ms} ms, ${figures.failures} failures, ` +
      `app CPU per request ${perRequestUs(cpuAfter.user - cpuBefore.user)} µs user + ` +
      `${perRequestUs(cpuAfter.system - cpuBefore.system)} µs system (kernel: sockets)`,
  );
} finally {
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
