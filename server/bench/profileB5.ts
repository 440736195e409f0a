/**
 * Where B5's time goes: uploads one by one and B5's raw sharp loop, interleaved, each round
 * printing wall time per image and CPU per image by process (the app, PostgreSQL, this process as
 * the HTTP client or the primitive) and the app's CPU by thread (its main thread, libvips' workers,
 * the rest: V8's GC helpers and libuv's pool), from /proc. CPU is steadier than images/s on a
 * shared machine. `npx tsx server/bench/profileB5.ts [rounds] [uploadsPerRound]`; with
 * BENCH_CPU_PROF=dir the app process writes a .cpuprofile when it stops (see cpuProfileTop.ts).
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { startBenchServer } from './benchServer.ts';
import { makeJpegCorpus } from './corpus.ts';
import { median, round } from './measure.ts';
import { measureCpu } from './processCpu.ts';
import { uploadThroughHttp } from './uploadThroughHttp.ts';

const rounds = Number(process.argv[2] ?? 6);
const perRound = Number(process.argv[3] ?? 8);
/** /proc counts CPU in ticks of 10 ms. */
const MS_PER_TICK = 10;

// The app runs each image on one libvips thread (imageWork.ts); the primitive does the same here.
sharp.concurrency(1);
sharp.cache(false);

/** CPU ms of a process's threads, summed by kind. */
function cpuByThread(pid: number): Record<string, number> {
  const sums: Record<string, number> = { main: 0, libvips: 0, other: 0 };
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
      const kind = tid === String(pid) ? 'main' : stat.includes('(libvips') ? 'libvips' : 'other';
      sums[kind] = (sums[kind] ?? 0) + ms;
    } catch {
      // the thread ended meanwhile
    }
  }
  return sums;
}

const server = await startBenchServer();
const corpus = await makeJpegCorpus(4);
const items = Array.from({ length: perRound }, (_, i) => corpus[i % corpus.length] ?? Buffer.alloc(0));
const upload = (bytes: Buffer) => uploadThroughHttp(server, bytes, 'IMG_3000x4000.jpg');
const thumbnailOnly = (input: Buffer) => sharp(input).rotate().resize(400).jpeg().toBuffer();
const processes = { app: [server.pid], databaseUrl: server.databaseUrl };

async function side(name: 'upload' | 'raw', each: (bytes: Buffer) => Promise<unknown>) {
  const threadsBefore = cpuByThread(server.pid);
  const started = performance.now();
  const { cpu } = await measureCpu(processes, async () => {
    for (const item of items) await each(item);
  });
  const per = (ms: number) => round(ms / items.length, 1);
  const threadsAfter = cpuByThread(server.pid);
  const appThreads = Object.fromEntries(
    Object.entries(threadsAfter).map(([kind, ms]) => [kind, per(ms - (threadsBefore[kind] ?? 0))]),
  );
  return {
    name,
    wall: per(performance.now() - started),
    app: per(cpu?.appMs ?? 0),
    pg: per(cpu?.postgresMs ?? 0),
    driver: per(cpu?.driverMs ?? 0),
    ...(name === 'upload' ? { appThreads } : {}),
  };
}

try {
  for (const item of corpus) await upload(item);
  for (const item of corpus) await thumbnailOnly(item);
  const walls = { upload: [] as number[], raw: [] as number[] };
  const cpu = { upload: [] as number[], raw: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? (['raw', 'upload'] as const) : (['upload', 'raw'] as const);
    for (const which of order) {
      const figures = await side(which, which === 'upload' ? upload : thumbnailOnly);
      console.log(JSON.stringify(figures));
      walls[which].push(figures.wall);
      cpu[which].push(which === 'upload' ? figures.app : figures.driver);
    }
  }
  const uploadMs = median(walls.upload);
  const rawMs = median(walls.raw);
  console.log(
    `median ms per image: upload ${round(uploadMs, 1)}, raw ${round(rawMs, 1)}, ratio ${round(rawMs / uploadMs)}; ` +
      `CPU ms per image: app ${median(cpu.upload)}, raw ${median(cpu.raw)}`,
  );
} finally {
  await server.stop();
}
