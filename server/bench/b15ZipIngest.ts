/**
 * B15 (ZIP part): images/s taking a ZIP of 2,000 JPEGs through `zipSource` (directory read, natural
 * order, each entry sniffed, inflated and counted) and doing B5's raw per-image work on each page,
 * against B5's raw sharp loop over the same JPEGs already in memory. The gap is what reading the
 * ZIP costs; target ≥ 0.7 (docs/benchmarks.md). The lead may later drive the full import instead.
 *
 *   npx tsx server/bench/b15ZipIngest.ts       (B15_IMAGES=2000, B15_RUNS=3 by default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { SourceContext } from '../src/services/imports/importSources.ts';
import { zipSource } from '../src/services/imports/zipSource.ts';
import { makeJpegCorpus } from './corpus.ts';
import { median, round, throughput } from './measure.ts';
import type { TableRow } from './results.ts';

export interface B15ZipResult {
  figure: string;
  corpus: string;
  runs: number;
  zipImagesPerSecond: number;
  primitiveImagesPerSecond: number;
  ratio: number;
  target: number;
}

/** B5's raw loop, per image (b5ImageUpload.ts `thumbnailOnly`). */
const thumbnailOnly = (input: Buffer) => sharp(input).rotate().resize(400).jpeg().toBuffer();

/** 250 pages a box, as an archive's export would be foldered: box1/page_1.jpg … box8/page_250.jpg. */
const entryName = (i: number) => `box${Math.floor(i / 250) + 1}/page_${(i % 250) + 1}.jpg`;

/**
 * A deflated ZIP (what `zip -r` or Explorer makes of JPEGs) written entry by entry, so 2,000 images
 * never sit in memory at once. CRCs are 0: yauzl does not check them.
 */
async function writeZipFile(file: string, count: number, corpus: readonly Buffer[]): Promise<void> {
  const deflated = corpus.map((jpeg) => zlib.deflateRawSync(jpeg));
  const handle = await fs.open(file, 'w');
  const centrals: Buffer[] = [];
  let offset = 0;
  try {
    for (let i = 0; i < count; i++) {
      const index = i % corpus.length;
      const data = corpus[index] ?? Buffer.alloc(0);
      const compressed = deflated[index] ?? Buffer.alloc(0);
      const name = Buffer.from(entryName(i));
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(8, 8);
      local.writeUInt32LE(compressed.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(name.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      central.writeUInt32LE(compressed.length, 20);
      central.writeUInt32LE(data.length, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(Buffer.concat([central, name]));
      await handle.write(Buffer.concat([local, name, compressed]));
      offset += local.length + name.length + compressed.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    await handle.write(Buffer.concat([directory, end]));
  } finally {
    await handle.close();
  }
}

/** Every page of the ZIP through zipSource, each given B5's per-image work; images/s. */
async function zipIngest(file: string, workDir: string, expected: number): Promise<number> {
  const context: SourceContext = {
    signal: new AbortController().signal,
    maxPages: 5_000,
    maxPageBytes: 20 * 1024 * 1024,
    foundPages: () => {},
    workDir,
  };
  const nested = () => {
    throw new Error('the B15 ZIP holds no nested containers');
  };
  const started = performance.now();
  let pages = 0;
  for await (const item of zipSource(file, 'b15.zip', context, nested)) {
    if (!('found' in item)) throw new Error(`B15: ${item.refused.name} refused: ${item.refused.reason}`);
    await thumbnailOnly(await item.found.read());
    pages += 1;
  }
  if (pages !== expected) throw new Error(`B15: ${pages} pages read, ${expected} expected`);
  return pages / ((performance.now() - started) / 1000);
}

export async function runB15Zip(
  count: number,
  runs: number,
  log: (message: string) => void = () => {},
): Promise<B15ZipResult> {
  const corpus = await makeJpegCorpus(8, 1240, 1754); // A4 at 150 dpi, with sensor-like grain
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-bench-b15-'));
  try {
    const file = path.join(dir, 'b15.zip');
    await writeZipFile(file, count, corpus);
    const { size } = await fs.stat(file);
    log(`B15: ${count} JPEGs in a ${round(size / 1e6, 0)} MB ZIP`);
    // The raw loop takes the same images in the order zipSource yields them.
    const sameImages = Array.from({ length: count }, (_, i) => corpus[i % corpus.length] ?? Buffer.alloc(0));
    await throughput(sameImages.slice(0, 8), thumbnailOnly); // warm-up: JIT, sharp's thread pool
    const ours: number[] = [];
    const primitives: number[] = [];
    for (let run = 0; run < runs; run++) {
      // Alternate the order so slow drift of a shared machine does not favour either side.
      if (run % 2) {
        primitives.push(await throughput(sameImages, thumbnailOnly));
        ours.push(await zipIngest(file, dir, count));
      } else {
        ours.push(await zipIngest(file, dir, count));
        primitives.push(await throughput(sameImages, thumbnailOnly));
      }
      log(`B15 run ${run + 1}: zip ${round(ours.at(-1) ?? 0)} img/s, raw ${round(primitives.at(-1) ?? 0)} img/s`);
    }
    const zipRate = median(ours);
    return {
      figure: 'ZIP of JPEGs → pages read and thumbnailed, images/s',
      corpus: `${count} JPEGs 1240×1754 (8 distinct), ${round(median(corpus.map((c) => c.length)) / 1e6, 2)} MB median, deflated ZIP of ${round(size / 1e6, 0)} MB`,
      runs,
      zipImagesPerSecond: round(zipRate),
      primitiveImagesPerSecond: round(median(primitives)),
      ratio: round(zipRate / median(primitives)),
      target: 0.7,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function b15Rows(b15: B15ZipResult): TableRow[] {
  return [
    {
      id: 'B15',
      ours: `${b15.zipImagesPerSecond} img/s (ZIP → zipSource → thumbnail)`,
      primitive: `${b15.primitiveImagesPerSecond} img/s (B5's raw sharp loop)`,
      ratio: b15.ratio,
      target: `≥ ${b15.target}`,
      loopP99: '—',
      verdict: b15.ratio >= b15.target ? 'met' : 'MISSED',
    },
  ];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const result = await runB15Zip(Number(process.env.B15_IMAGES ?? 2000), Number(process.env.B15_RUNS ?? 3), (message) =>
    console.log(message),
  );
  console.log(JSON.stringify(result, null, 2));
}
