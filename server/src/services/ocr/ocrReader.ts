/**
 * The app's OCR engine: tesseract.js. Its Node workers are worker_threads (spawnWorker.js:
 * `new Worker(workerPath)`), so recognition runs off the event loop; the core wasm is required
 * from node_modules (tesseract.js-core) and the language data read from a local folder (the
 * shipped @tesseract.js-data/<code> package of the form's language unless OCR_LANG_PATH says
 * otherwise), with no cache written (`cacheMethod: 'none'`): nothing is fetched at run time and
 * nothing leaves the server.
 *
 * One reader per process and settings. Each form reads in its own language, so the reader keeps
 * a pool per language (OCR_CONCURRENCY workers behind a tesseract scheduler), created on the first
 * read in that language and ended a few seconds after its last read, and at most
 * `MAX_LANGUAGE_POOLS` of them at once: the least recently used idle pool is ended to make room.
 * Each worker holds its language model, and its WebAssembly memory grows to the largest crop it
 * read and never shrinks: only ending the worker gives it back. Crops are bounded
 * (regionCrops.ts), so that high-water mark is too, and a quiet node returns to its baseline soon
 * after its last field. The orientation detector (legacy engine, `osd` data) is one more worker,
 * held the same way.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_OCR_LANGUAGE, type OcrLanguage } from '@formscribe/common/schemas/machineReading';
import { createScheduler, createWorker, OEM, PSM, type Scheduler, type Worker } from 'tesseract.js';
import type { Config } from '../../config.ts';
import { IdleEnded } from './idleEnded.ts';

export type OcrSettings = Pick<Config['ocr'], 'langPath' | 'concurrency'>;

export interface OcrReading {
  /** The text read, whitespace collapsed to single spaces ('' when nothing was found). */
  text: string;
  /** Tesseract's mean word confidence, 0–100 (0 when nothing was read). */
  confidence: number;
}

/** What tesseract's orientation detection found: the clockwise turn that shows the page upright. */
export interface DetectedOrientation {
  /** 0, 90, 180 or 270; null when the page gave it nothing to go on (blank, a photograph). */
  rotation: number | null;
  /** Tesseract's margin of the best orientation over the next (0 when none was found). */
  confidence: number;
}

/**
 * Ended after this long without work, to give the memory back. Long enough to bridge the gap
 * between two turns of a busy queue (a claim is a few milliseconds; starting a worker and loading
 * its model again costs about half a second).
 */
const IDLE_MS = 5_000;
/**
 * Languages whose workers are held at once. Two covers a node reading one language while a form
 * in another is read too; a third language ends the least recently used idle pool first.
 */
const MAX_LANGUAGE_POOLS = 2;

/** The folder of a shipped language package (its "best_int" data: LSTM-only, which suits OEM.LSTM_ONLY). */
export function shippedLangPath(language: OcrLanguage = DEFAULT_OCR_LANGUAGE): string {
  const manifest = createRequire(import.meta.url).resolve(`@tesseract.js-data/${language}/package.json`);
  return path.join(path.dirname(manifest), '4.0.0_best_int');
}

/** The shipped orientation data: the full "4.0.0" build, whose legacy parts `detect` needs. */
function shippedOsdPath(): string {
  const manifest = createRequire(import.meta.url).resolve('@tesseract.js-data/osd/package.json');
  return path.join(path.dirname(manifest), '4.0.0');
}

export class OcrReader {
  /** In order of last use (a Map keeps insertion order; a use moves its language to the end). */
  private readonly pools = new Map<OcrLanguage, IdleEnded<Scheduler>>();
  private readonly orientation = new IdleEnded<Worker>(startOsdWorker, (worker) => worker.terminate(), IDLE_MS);

  constructor(private readonly settings: OcrSettings) {}

  /** Reads the text of one small image (a field's crop) in `language`. */
  read(image: Buffer, language: OcrLanguage = DEFAULT_OCR_LANGUAGE): Promise<OcrReading> {
    return this.poolOf(language).use(async (scheduler) => {
      const { data } = await scheduler.addJob('recognize', image);
      const text = data.text.replace(/\s+/g, ' ').trim();
      return { text, confidence: text ? Math.max(0, Math.min(100, data.confidence)) : 0 };
    });
  }

  /** Detects which way up a page is (give it a downscaled greyscale copy: pageOrientation.ts). */
  detectOrientation(page: Buffer): Promise<DetectedOrientation> {
    return this.orientation.use(async (worker) => {
      const { data } = await worker.detect(page);
      const rotation = data.orientation_degrees;
      return rotation === null
        ? { rotation: null, confidence: 0 }
        : { rotation, confidence: data.orientation_confidence ?? 0 };
    });
  }

  /** The languages whose workers are held now, least recently used first. */
  languagesHeld(): OcrLanguage[] {
    return [...this.pools].filter(([, pool]) => pool.held).map(([language]) => language);
  }

  /** Ends every worker (a stopping node); the next read starts them again. */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all([...pools.map((pool) => pool.close()), this.orientation.close()]);
  }

  private poolOf(language: OcrLanguage): IdleEnded<Scheduler> {
    let pool = this.pools.get(language);
    if (pool) this.pools.delete(language);
    else {
      pool = new IdleEnded(
        () => this.startPool(language),
        (scheduler) => scheduler.terminate(),
        IDLE_MS,
      );
      this.endLeastRecentlyUsed();
    }
    this.pools.set(language, pool);
    return pool;
  }

  /** Makes room for one more pool: idle ones are ended, oldest first (busy ones finish their field). */
  private endLeastRecentlyUsed(): void {
    let excess = this.pools.size + 1 - MAX_LANGUAGE_POOLS;
    for (const [language, pool] of this.pools) {
      if (excess <= 0) return;
      if (pool.busy) continue;
      this.pools.delete(language);
      void pool.close();
      excess -= 1;
    }
  }

  private async startPool(language: OcrLanguage): Promise<Scheduler> {
    const { langPath, concurrency } = this.settings;
    const scheduler = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const worker = await createWorker(language, OEM.LSTM_ONLY, {
          langPath: langPath ?? shippedLangPath(language),
          gzip: true,
          cacheMethod: 'none',
        });
        // A field's box holds a line or a short block of text, never a page with columns.
        await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
        return worker;
      }),
    );
    for (const worker of workers) scheduler.addWorker(worker);
    return scheduler;
  }
}

/** The legacy engine and the legacy parts of the osd data: what tesseract's orientation detection runs on. */
function startOsdWorker(): Promise<Worker> {
  return createWorker('osd', OEM.TESSERACT_ONLY, {
    langPath: shippedOsdPath(),
    legacyCore: true,
    legacyLang: true,
    gzip: true,
    cacheMethod: 'none',
  });
}

const readers = new Map<string, OcrReader>();
const keyOf = ({ ocr }: { ocr: OcrSettings }) => `${ocr.langPath ?? ''}|${ocr.concurrency}`;

/** The reader for these settings (one per process, shared by the app servers in it). */
export function ocrReader(config: { ocr: OcrSettings }): OcrReader {
  const key = keyOf(config);
  let reader = readers.get(key);
  if (!reader) {
    reader = new OcrReader(config.ocr);
    readers.set(key, reader);
  }
  return reader;
}

/** Ends this configuration's reader (a stopping node); the next read starts a fresh one. */
export async function closeOcrReader(config: { ocr: OcrSettings }): Promise<void> {
  const key = keyOf(config);
  const reader = readers.get(key);
  readers.delete(key);
  await reader?.close();
}
