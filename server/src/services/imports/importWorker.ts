/**
 * Runs imports: reads the source one item at a time and stores each page through the same path
 * as a single upload (plan limits, pipeline, catalogue, counters, live events), so a page cannot
 * enter any other way. Bounded memory: one page at a time per import, pixel work through the
 * image work queue, at most two imports per node.
 *
 * A form's imports run one at a time, in the order they started (`earlierImportRuns`). An
 * import runs in slices of a few minutes, each a job: the figures (and `processed`, the items
 * handled) are saved after every item, and a slice that runs out of time enqueues the next and
 * ends. A node that dies mid-slice loses at most the item in hand: the job expires, runs again
 * on any node, and skips the items already handled. The owner's cancel is seen at the next item.
 */

import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { RefusedImportItem } from '@formscribe/common/schemas/imports';
import type { AppDeps } from '../../appTypes.ts';
import { HttpError } from '../../errors.ts';
import type { JobAttempt } from '../../jobs/jobQueue.ts';
import { Form, FormImport, type User } from '../../models/index.ts';
import { presentImport } from '../../presenters/presentImport.ts';
import { DuplicateImage, storeFormImage } from '../images/imageUploads.ts';
import { findFormOwner, imageSizeLimitBytes } from '../images/uploadLimits.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { MAX_PAGES_PER_IMPORT } from './containerLimits.ts';
import { pagesOfFile } from './containerPages.ts';
import { iiifSourceFor } from './iiifImports.ts';
import { type FoundPage, pageLabel, type SourceContext, type SourceItem } from './importSources.ts';
import { endImport, forgetStoredContainer, MAX_REFUSALS_KEPT, saveImportFigures } from './importStore.ts';
import { IMPORT_QUEUE, type ImportJob } from './imports.ts';

/** A slice ends after this long; the next job takes over where it stopped. */
const SLICE_MS = 4 * 60 * 1000;
/** The owner's screen gets the figures at most this often (and always at the end). */
const ANNOUNCE_EVERY_MS = 300;

/** Stops the loop: the owner cancelled, the slice is over, or the form is full or inactive. */
class StopImport extends Error {
  constructor(readonly why: 'cancelled' | 'slice-over' | 'form-closed') {
    super(why);
  }
}

/** Failures of one page that refuse it (its reason in the summary) rather than retry the slice. */
const refusesThePage = (error: unknown) => error instanceof HttpError && error.status < 500;

/** The form can take no more pages: its plan's image count, or it was deactivated. */
const closesTheForm = (error: unknown) =>
  error instanceof HttpError &&
  (error.flags.upgrade === true || error.flags.formInactive === true) &&
  error.status !== 413;

class ImportRun {
  private readonly controller = new AbortController();
  private readonly figures;
  private seen = 0;
  private announced = 0;
  private lastAnnouncement = 0;
  private readonly startedAt = Date.now();

  constructor(
    private readonly deps: AppDeps,
    private row: FormImport,
    private readonly form: Form,
    private readonly owner: User,
  ) {
    this.figures = {
      found: 0,
      imported: row.imported,
      duplicates: row.duplicates,
      processed: row.processed,
      refused: [...row.refused],
    };
  }

  context(workDir: string): SourceContext {
    return {
      signal: this.controller.signal,
      maxPages: MAX_PAGES_PER_IMPORT,
      maxPageBytes: imageSizeLimitBytes(this.owner),
      foundPages: (count) => {
        this.announced += count;
      },
      workDir,
    };
  }

  /** Handles every item of the source, from where an earlier slice stopped. */
  async consume(source: AsyncIterable<SourceItem>): Promise<void> {
    for await (const item of source) {
      this.seen += 1;
      if (this.seen <= this.row.processed) continue;
      if ('refused' in item) this.refuse(item.refused);
      else await this.storePage(item.found);
      this.figures.processed = this.seen;
      await this.save();
      if (Date.now() - this.startedAt > SLICE_MS) throw new StopImport('slice-over');
    }
  }

  private async storePage(page: FoundPage): Promise<void> {
    const name = pageLabel(page.fileName, page.page);
    let data: Buffer;
    try {
      data = await page.read();
    } catch (error) {
      // A page whose bytes could not be had (a fetch refused, a page that would not decode).
      if (this.controller.signal.aborted || isInfrastructureFailure(error)) throw error;
      this.refuse({ name, reason: error instanceof Error ? error.message : String(error) });
      return;
    }
    try {
      await storeFormImage(
        this.deps,
        this.form,
        this.owner,
        { data, originalName: page.fileName },
        {
          source: { fileName: page.fileName, page: page.page },
          sourceMetadata: page.metadata,
          skipDuplicate: true,
          importId: this.row.id,
        },
      );
      this.figures.imported += 1;
    } catch (error) {
      if (error instanceof DuplicateImage) {
        this.figures.duplicates += 1;
      } else if (closesTheForm(error)) {
        this.refuse({ name, reason: (error as HttpError).message });
        throw new StopImport('form-closed');
      } else if (refusesThePage(error)) {
        this.refuse({ name, reason: (error as HttpError).message });
      } else {
        throw error;
      }
    }
  }

  private refuse(item: RefusedImportItem) {
    if (this.figures.refused.length < MAX_REFUSALS_KEPT) this.figures.refused.push(item);
  }

  /** Saves the figures; a cancelled import stops here, at the next item. */
  private async save(force = false): Promise<void> {
    this.figures.found = Math.max(this.announced, this.seen);
    const saved = await saveImportFigures(this.deps.knex, this.row.id, this.figures);
    if (!saved) {
      this.controller.abort();
      throw new StopImport('cancelled');
    }
    this.row = saved;
    if (force || Date.now() - this.lastAnnouncement >= ANNOUNCE_EVERY_MS) {
      this.lastAnnouncement = Date.now();
      void this.deps.events.dispatch([{ type: 'import-changed', figures: presentImport(saved) }]);
    }
  }

  /** The last figures, then the import's end. */
  async end(status: 'done' | 'failed', reason: string | null = null): Promise<void> {
    this.figures.found = Math.max(this.announced, this.seen, this.figures.processed);
    const saved = await saveImportFigures(this.deps.knex, this.row.id, this.figures);
    if (!saved) return;
    const ended = await endImport(this.deps.knex, this.row.id, status, reason);
    if (ended) await this.deps.events.dispatch([{ type: 'import-changed', figures: presentImport(ended) }]);
  }

  abort() {
    this.controller.abort();
  }
}

async function downloadContainer(deps: AppDeps, row: FormImport, workDir: string): Promise<string | undefined> {
  if (!row.storedName) return undefined;
  const stream = await fileStorage(deps.config).openRead('imports', row.storedName);
  if (!stream) return undefined;
  const target = path.join(workDir, 'container');
  await pipeline(stream, createWriteStream(target));
  return target;
}

async function removeContainer(deps: AppDeps, row: FormImport): Promise<void> {
  if (!row.storedName) return;
  await fileStorage(deps.config).remove('imports', [row.storedName]);
  await forgetStoredContainer(deps.knex, row.id);
}

const CONTAINER_GONE = 'The uploaded file is no longer stored; upload it again';

/** How long an import waits before looking again whether the form's earlier import has ended. */
const WAIT_FOR_EARLIER_SECONDS = 1;
/** An import that saved nothing for this long is no longer worked on (its node died for good). */
const STALLED_AFTER_MINUTES = 15;

/**
 * A form's imports run one after another, in the order they started: the form numbers images
 * as they are added, so a folder sent file by file keeps its order, and a PDF's pages are not
 * interleaved with a ZIP's. An earlier import that has saved nothing for a long while does not
 * hold the others up.
 */
async function earlierImportRuns(deps: AppDeps, row: FormImport): Promise<boolean> {
  const earlier = await FormImport.query(deps.knex)
    .where({ formId: row.formId, status: 'running' })
    .where('id', '<', row.id)
    .whereRaw(`updated_at > now() - interval '${STALLED_AFTER_MINUTES} minutes'`)
    .select('id')
    .first();
  return earlier !== undefined;
}

const GAVE_UP = 'The import stopped: storage or the database kept failing. Upload the file again later.';

async function runImportSlice(deps: AppDeps, importId: number, attempt: JobAttempt): Promise<void> {
  const row = await FormImport.query(deps.knex).findById(importId);
  if (!row) return;
  if (row.status !== 'running') {
    await removeContainer(deps, row); // cancelled while its job waited
    return;
  }
  if (await earlierImportRuns(deps, row)) {
    // Not an event: nothing changed; the job only puts itself off, a delay the job queue keeps.
    await deps.jobs.send<ImportJob>(IMPORT_QUEUE, { importId }, { startAfterSeconds: WAIT_FOR_EARLIER_SECONDS });
    return;
  }
  const form = await Form.query(deps.knex).findById(row.formId);
  if (!form) return; // the form was deleted, and its imports with it
  const owner = await findFormOwner(form);
  const run = new ImportRun(deps, row, form, owner);
  const workDir = await fs.mkdtemp(path.join(deps.config.dataDir, 'import-work', `${row.id}-`)).catch(async () => {
    await fs.mkdir(path.join(deps.config.dataDir, 'import-work'), { recursive: true });
    return fs.mkdtemp(path.join(deps.config.dataDir, 'import-work', `${row.id}-`));
  });
  try {
    const context = run.context(workDir);
    let source: AsyncIterable<SourceItem>;
    if (row.kind === 'iiif') {
      source = iiifSourceFor(deps, row.iiifUrl ?? '', context);
    } else {
      const containerPath = await downloadContainer(deps, row, workDir);
      if (!containerPath) {
        await run.end('failed', CONTAINER_GONE);
        return;
      }
      source = pagesOfFile(containerPath, row.name, context);
    }
    try {
      await run.consume(source);
    } catch (error) {
      if (error instanceof StopImport) {
        if (error.why === 'slice-over') {
          await deps.events.dispatch([{ type: 'job', job: { queue: IMPORT_QUEUE, data: { importId } } }]);
          return;
        }
        if (error.why === 'form-closed') await run.end('done');
        if (error.why === 'cancelled') run.abort();
        await removeContainer(deps, row);
        return;
      }
      if (isInfrastructureFailure(error) && attempt.retryCount < attempt.retryLimit) throw error; // resumes
      if (isInfrastructureFailure(error)) deps.logger.error({ err: error, importId }, 'import gave up');
      const reason = isInfrastructureFailure(error) ? GAVE_UP : error instanceof Error ? error.message : String(error);
      await run.end('failed', reason);
      await removeContainer(deps, row);
      return;
    }
    await run.end('done');
    await removeContainer(deps, row);
  } finally {
    run.abort();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** Our own infrastructure failing (storage, the database): worth a retry, not the owner's problem. */
function isInfrastructureFailure(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500;
  const name = error instanceof Error ? error.constructor.name : '';
  return name === 'StorageUnavailableError' || name === 'DatabaseError' || name === 'KnexTimeoutError';
}

export async function registerImportWorker(deps: AppDeps): Promise<void> {
  await deps.jobs.work<ImportJob>(IMPORT_QUEUE, (job, attempt) => runImportSlice(deps, job.importId, attempt), {
    // A slice runs for at most SLICE_MS; one that outlives its expiry was on a node that died.
    policy: { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 10 * 60 },
    concurrency: 2,
  });
}
