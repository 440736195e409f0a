/**
 * Where the app's memory goes after heavy image work, and whether it comes back: the real app
 * in its own process (benchServer) takes rounds of large uploads through HTTP (12-megapixel
 * photos, 100-megapixel turned JPEGs that are decoded whole, HEIC photos through the worker
 * threads), and after each round, and again after the HEIC workers' idle timeout, reports its
 * resident memory next to what JavaScript still holds (heap, and the external memory of Buffers
 * and sharp objects) after a full garbage collection.
 *
 * RSS that stays high while the heap and external memory are back at their baseline is memory
 * the allocator keeps, not memory the app holds. The same rounds run with each allocator
 * setting, so the difference is the allocator's: glibc's default, MALLOC_ARENA_MAX=2 (what the
 * Dockerfile sets), and jemalloc when its library is installed. Figures: docs/operations.md,
 * "Memory after image work".
 *
 *   npx tsx server/bench/memoryAfterImageWork.ts          (MEMORY_ROUNDS=3 by default)
 */
import fs from 'node:fs';
import { makeSingleColourJpeg } from '../src/test/fixtures/imageFixtures.ts';
import type { MemoryReport } from './benchProtocol.ts';
import { type BenchServer, startBenchServer } from './benchServer.ts';
import { makeHeicCorpus, makeJpegCorpus } from './corpus.ts';
import { uploadThroughHttp } from './uploadThroughHttp.ts';

const ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 3);
/** The HEIC workers stop after 30 s idle (heicConverter.ts); a little more to see them gone. */
const AFTER_HEIC_IDLE_MS = 35_000;
const SETTLE_MS = 3_000;
const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

interface AllocatorSetting {
  name: string;
  env: Record<string, string>;
}

const SETTINGS: AllocatorSetting[] = [
  { name: 'glibc malloc, default arenas', env: {} },
  { name: 'glibc malloc, MALLOC_ARENA_MAX=2', env: { MALLOC_ARENA_MAX: '2' } },
  ...(fs.existsSync(JEMALLOC) ? [{ name: 'jemalloc (LD_PRELOAD)', env: { LD_PRELOAD: JEMALLOC } }] : []),
];

interface Corpus {
  photos: Buffer[];
  turned: Buffer;
  heic: Buffer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** In groups of `parallel`, as several people uploading at once. */
async function uploadAll(server: BenchServer, files: Buffer[], name: string, parallel: number) {
  for (let i = 0; i < files.length; i += parallel) {
    await Promise.all(
      files.slice(i, i + parallel).map((file, j) => uploadThroughHttp(server, file, `${name}-${i + j}`)),
    );
  }
}

async function oneRound(server: BenchServer, corpus: Corpus) {
  await uploadAll(server, corpus.photos, 'photo.jpg', 4);
  await uploadAll(server, [corpus.turned, corpus.turned], 'turned.jpg', 2);
  await uploadAll(server, [corpus.heic, corpus.heic, corpus.heic, corpus.heic], 'photo.heic', 2);
}

const figures = (report: MemoryReport) =>
  `RSS ${Math.round(report.rssMb)} MB (heap ${Math.round(report.heapUsedMb)}, external ${Math.round(report.externalMb)})`;

async function measure(setting: AllocatorSetting, corpus: Corpus) {
  const server = await startBenchServer({ env: setting.env, exposeGc: true });
  try {
    // One small round of each kind first: code loaded, pools and sharp's threads started.
    await uploadThroughHttp(server, corpus.photos[0] ?? Buffer.alloc(0), 'warm-up.jpg');
    await uploadThroughHttp(server, corpus.heic, 'warm-up.heic');
    await sleep(AFTER_HEIC_IDLE_MS);
    const baseline = await server.memory();
    console.log(`\n${setting.name}\n  baseline            ${figures(baseline)}`);
    let peakMb = baseline.rssMb;
    for (let i = 1; i <= ROUNDS; i++) {
      const started = performance.now();
      const { loop } = await server.measureLoop(() => oneRound(server, corpus));
      const seconds = (performance.now() - started) / 1000;
      peakMb = Math.max(peakMb, loop.rssPeakMb);
      await sleep(SETTLE_MS);
      const after = await server.memory();
      console.log(
        `  after round ${i}       ${figures(after)}, peak so far ${Math.round(peakMb)} MB, round ${seconds.toFixed(1)} s`,
      );
    }
    await sleep(AFTER_HEIC_IDLE_MS);
    const settled = await server.memory();
    console.log(`  idle ${AFTER_HEIC_IDLE_MS / 1000} s later     ${figures(settled)}`);
    console.log(
      `  kept above baseline: ${Math.round(settled.rssMb - baseline.rssMb)} MB RSS, of which JavaScript holds ${Math.round(
        settled.heapUsedMb + settled.externalMb - baseline.heapUsedMb - baseline.externalMb,
      )} MB`,
    );
    if (!settled.collected) console.log('  (no --expose-gc: heap figures include garbage)');
  } finally {
    await server.stop();
  }
}

const corpus: Corpus = {
  photos: await makeJpegCorpus(8),
  turned: await makeSingleColourJpeg(10_000, 10_000, 6),
  heic: (await makeHeicCorpus()).data,
};
console.log(
  `Each round: 8 JPEG photos 3000×4000 (4 at a time), 2 turned 10000×10000 JPEGs together, 4 HEIC (2 at a time); ${ROUNDS} rounds.`,
);
for (const setting of SETTINGS) await measure(setting, corpus);
