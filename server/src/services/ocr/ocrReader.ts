/**
 * The app's OCR engine: tesseract.js. Its Node workers are worker_threads (spawnWorker.js:
 * `new Worker(workerPath)`), so recognition runs off the event loop; the core wasm is required
 * from node_modules (tesseract.js-core) and the language data read from a local folder (the
 * shipped @tesseract.js-data/eng unless OCR_LANG_PATH says otherwise), with no cache written
 * (`cacheMethod: 'none'`): nothing is fetched at run time and nothing leaves the server.
 *
 * One reader per process and settings, with OCR_CONCURRENCY workers behind a tesseract scheduler,
 * created on first use and ended a few seconds after the last read or when the node stops. Each
 * worker holds its language model, and its WebAssembly memory grows to the largest crop it read
 * and never shrinks: only ending the worker gives it back. Crops are bounded (regionCrops.ts), so
 * that high-water mark is too, and a quiet node returns to its baseline soon after its last field.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';
import type { Config } from '../../config.ts';

export type OcrSettings = Pick<Config['ocr'], 'languages' | 'langPath' | 'concurrency'>;

export interface OcrReading {
  /** The text read, whitespace collapsed to single spaces ('' when nothing was found). */
  text: string;
  /** Tesseract's mean word confidence, 0–100 (0 when nothing was read). */
  confidence: number;
}

/**
 * Ended after this long without work, to give the memory back. Long enough to bridge the gap
 * between two turns of a busy queue (a claim is a few milliseconds; starting a worker and loading
 * its model again costs about half a second).
 */
const IDLE_MS = 5_000;

/** The shipped English data: LSTM-only models ("best_int"), which suit OEM.LSTM_ONLY. */
export function shippedLangPath(): string {
  const manifest = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(manifest), '4.0.0_best_int');
}

export class OcrReader {
  private scheduler: Promise<Scheduler> | undefined;
  private running = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly settings: OcrSettings) {}

  /** Reads the text of one small image (a field's crop). */
  async read(image: Buffer): Promise<OcrReading> {
    this.running += 1;
    clearTimeout(this.idleTimer);
    try {
      const scheduler = await this.start();
      const { data } = await scheduler.addJob('recognize', image);
      const text = data.text.replace(/\s+/g, ' ').trim();
      return { text, confidence: text ? Math.max(0, Math.min(100, data.confidence)) : 0 };
    } finally {
      this.running -= 1;
      if (this.running === 0) this.idleTimer = setTimeout(() => void this.close(), IDLE_MS).unref();
    }
  }

  /** Ends the workers (a stopping node, or idle); the next read starts them again. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const scheduler = this.scheduler;
    this.scheduler = undefined;
    if (scheduler) await (await scheduler.catch(() => undefined))?.terminate();
  }

  private start(): Promise<Scheduler> {
    this.scheduler ??= this.createScheduler().catch((error: unknown) => {
      this.scheduler = undefined; // a failed start (missing language data) is tried again next time
      throw error;
    });
    return this.scheduler;
  }

  private async createScheduler(): Promise<Scheduler> {
    const { languages, langPath, concurrency } = this.settings;
    const scheduler = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const worker = await createWorker(languages.split('+'), OEM.LSTM_ONLY, {
          langPath: langPath ?? shippedLangPath(),
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

const readers = new Map<string, OcrReader>();
const keyOf = ({ ocr }: { ocr: OcrSettings }) => `${ocr.languages}|${ocr.langPath ?? ''}|${ocr.concurrency}`;

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
