/**
 * B6: HEIC upload images/s through HTTP (conversion in the app's worker thread), against
 * `heic-convert` alone in a loop on the same file, plus the app's event-loop delay p99 while
 * it converts (target under 50 ms: the loop must stay free).
 */
import convert from 'heic-convert';
import type { BenchServer } from './benchServer.ts';
import type { HeicCorpus } from './corpus.ts';
import { median, round, throughput } from './measure.ts';
import { uploadThroughHttp } from './uploadThroughHttp.ts';

export interface B6Result {
  figure: string;
  corpus: string;
  runs: number;
  imagesPerRun: number;
  uploadImagesPerSecond: number;
  primitiveImagesPerSecond: number;
  ratio: number;
  target: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  loopDelayTargetMs: number;
}

// The app's worker converts with the same settings (services/images/heicWorker.mjs).
const heicConvertAlone = (input: Buffer) => convert({ buffer: input, format: 'JPEG', quality: 0.9 });

export async function runB6(server: BenchServer, heic: HeicCorpus, runs: number, imagesPerRun: number) {
  const batch = Array.from({ length: imagesPerRun }, () => heic.data);
  const upload = (bytes: Buffer) => uploadThroughHttp(server, bytes, 'IMG_0001.HEIC');
  await throughput(batch.slice(0, 1), upload); // warm-up: starts the worker, loads libheif
  await throughput(batch.slice(0, 1), heicConvertAlone);

  const uploads: number[] = [];
  const primitives: number[] = [];
  const p99s: number[] = [];
  const maxima: number[] = [];
  for (let run = 0; run < runs; run++) {
    const measureUploads = async () => {
      const { result, loop } = await server.measureLoop(() => throughput(batch, upload));
      uploads.push(result);
      p99s.push(loop.p99Ms);
      maxima.push(loop.maxMs);
    };
    const measurePrimitive = async () => {
      primitives.push(await throughput(batch, heicConvertAlone));
    };
    if (run % 2) {
      await measurePrimitive();
      await measureUploads();
    } else {
      await measureUploads();
      await measurePrimitive();
    }
  }
  return {
    figure: 'HEIC upload images/s; event-loop delay p99 during conversion',
    corpus: heic.description,
    runs,
    imagesPerRun,
    uploadImagesPerSecond: round(median(uploads)),
    primitiveImagesPerSecond: round(median(primitives)),
    ratio: round(median(uploads) / median(primitives)),
    target: 0.8,
    loopDelayP99Ms: round(median(p99s), 1),
    loopDelayMaxMs: round(Math.max(...maxima), 1),
    loopDelayTargetMs: 50,
  } satisfies B6Result;
}
