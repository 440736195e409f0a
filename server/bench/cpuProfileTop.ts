/**
 * Prints the top frames of a V8 .cpuprofile (from `node --cpu-prof`, e.g. BENCH_CPU_PROF=dir):
 * by self time (where the CPU was) and by total time (what was on the stack).
 *   npx tsx server/bench/cpuProfileTop.ts <file.cpuprofile> [N=25]
 * Frames are grouped by function, file and line, so one function reached from many call sites
 * counts once; total time counts a sample once per function even when it recurses.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface FrameTime {
  frame: string;
  /** The package (or our own folder, or node's internals) the frame's code belongs to. */
  owner: string;
  selfMs: number;
  totalMs: number;
}

/** The path shortened to what tells the file apart: from its package, or from the working directory. */
function shortPath(url: string): string {
  const file = url.replace(/^file:\/\//, '');
  const inModules = file.lastIndexOf('node_modules/');
  return inModules >= 0 ? file.slice(inModules + 'node_modules/'.length) : path.relative(process.cwd(), file);
}

/** "name file:line". */
function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const name = functionName || '(anonymous)';
  return url ? `${name} ${shortPath(url)}:${lineNumber + 1}` : name;
}

/** `pg`, `@koa/router`, `server/src/middlewares`, `node:http`, or `(native)` for V8 and syscalls. */
function frameOwner({ url }: ProfileNode['callFrame']): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url.split('/')[0]?.replace(/^node:internal$/, 'node:internal') ?? url;
  const short = shortPath(url);
  const parts = short.split('/');
  if (!url.includes('node_modules/')) return parts.slice(0, -1).join('/') || short;
  return (short.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

export function frameTimes(profile: CpuProfile): FrameTime[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const times = new Map<string, FrameTime>();
  const entry = (callFrame: ProfileNode['callFrame']) => {
    const frame = frameName(callFrame);
    const known = times.get(frame);
    if (known) return known;
    const added = { frame, owner: frameOwner(callFrame), selfMs: 0, totalMs: 0 };
    times.set(frame, added);
    return added;
  };
  profile.samples.forEach((nodeId, index) => {
    // A sample's delta is the time since the previous one: the time spent where this one landed.
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const leaf = byId.get(nodeId);
    if (!leaf) return;
    entry(leaf.callFrame).selfMs += ms;
    const onStack = new Set<FrameTime>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id)) {
      const node = byId.get(id);
      if (node) onStack.add(entry(node.callFrame));
    }
    for (const frame of onStack) frame.totalMs += ms;
  });
  return [...times.values()];
}

function printTop(title: string, rows: FrameTime[], key: 'selfMs' | 'totalMs', count: number, wallMs: number) {
  console.log(`\n${title}`);
  for (const row of [...rows].sort((a, b) => b[key] - a[key]).slice(0, count)) {
    const share = ((row[key] / wallMs) * 100).toFixed(1).padStart(5);
    console.log(`${share}%  ${row[key].toFixed(0).padStart(7)} ms  ${row.frame}`);
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const [file, countArg] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx server/bench/cpuProfileTop.ts <file.cpuprofile> [N]');
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const rows = frameTimes(profile);
  const wallMs = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
  const idleMs = rows.find((row) => row.frame === '(idle)')?.selfMs ?? 0;
  console.log(`${file}: ${(wallMs / 1000).toFixed(1)} s sampled, ${((1 - idleMs / wallMs) * 100).toFixed(0)}% busy`);
  const count = Number(countArg ?? 25);
  printTop('by self time', rows, 'selfMs', count, wallMs);
  printTop('by total time', rows, 'totalMs', count, wallMs);
  const byOwner = new Map<string, FrameTime>();
  for (const row of rows) {
    const owner = byOwner.get(row.owner) ?? { frame: row.owner, owner: row.owner, selfMs: 0, totalMs: 0 };
    owner.selfMs += row.selfMs;
    byOwner.set(row.owner, owner);
  }
  printTop('self time by package or folder', [...byOwner.values()], 'selfMs', count, wallMs);
}
