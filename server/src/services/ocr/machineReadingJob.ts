/**
 * Machine reading as a job: after an upload (or when the owner switches it on, or moves a box),
 * the text inside each data field's box is read on whichever node's worker is free, a few images
 * at a time (OCR_CONCURRENCY), so an upload answers as fast as before (B5) and the event loop
 * stays free (sharp crops in its threads, tesseract reads in worker threads).
 *
 * Idempotent: each reading keeps the box it was read from (the region moved by the image's
 * shift), and an image whose boxes have not moved since is not read again. The readings are
 * stored and the image's state recomputed in one transaction through the image state writer, so
 * a reading landing after people's entries settles what it settles and the form's counters move
 * with it.
 */
import { dataFields, type FieldType, type FormField } from '@formscribe/common/fields';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { HttpError } from '../../errors.ts';
import type { JobAttempt } from '../../jobs/jobQueue.ts';
import { Form, FormImage } from '../../models/index.ts';
import { announcingTransaction } from '../announcements/announcements.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';
import { readImageShift } from '../regions/imageShifts.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { readStoredFile } from '../storage/readStoredFile.ts';
import { type OcrReading, ocrReader } from './ocrReader.ts';
import { cropForOcr, pageSize, type ReadBox, readBoxOf } from './regionCrops.ts';

export const MACHINE_READING_QUEUE = 'machine-read-image';

interface ReadImageJob {
  imageId: number;
}

/** Types whose value is printed or written text; choices, ticks and split dates are not read. */
const READABLE_TYPES = new Set<FieldType>(['text', 'number', 'email', 'date', 'textarea']);

/** The fields the machine reads: data fields of a text-like type that have a box. */
export function readableFields(fields: readonly FormField[]): Array<FormField & { region: ReadBox }> {
  return dataFields(fields).filter(
    (field): field is FormField & { region: ReadBox } => READABLE_TYPES.has(field.type) && Boolean(field.region),
  );
}

/** On for the form, and the form is active: an inactive form's images are never read (a plan bounds active forms). */
async function readingIsOn(trx: Knex.Transaction | Knex, formId: number): Promise<boolean> {
  return Boolean(
    await trx('form_machine_reading_settings')
      .join('forms', 'forms.id', 'form_machine_reading_settings.form_id')
      .where({ form_id: formId, enabled: true, 'forms.is_active': true })
      .first('form_id'),
  );
}

/**
 * Within the upload's transaction: asks for the new image's reading when its form has machine
 * reading on (one primary-key read otherwise, so uploads to other forms pay nothing more).
 */
export async function enqueueMachineReadingOnUpload(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Knex.Transaction,
  formId: number,
  imageId: number,
): Promise<void> {
  if (!(await readingIsOn(trx, formId))) return;
  await deps.jobs.enqueue<ReadImageJob>(trx, MACHINE_READING_QUEUE, { imageId });
}

/** Within `trx`: asks for the reading of every image of the form (a few thousand jobs per statement). */
export async function enqueueFormReadings(deps: Pick<AppDeps, 'jobs'>, trx: Knex.Transaction, formId: number) {
  const rows: Array<{ id: number }> = await trx('form_images').where({ form_id: formId }).select('id');
  await deps.jobs.enqueueMany<ReadImageJob>(
    trx,
    MACHINE_READING_QUEUE,
    rows.map((row) => ({ imageId: row.id })),
  );
}

const boxKey = (fields: readonly FormField[]) =>
  JSON.stringify(readableFields(fields).map((field) => [field.id, field.region]));

/** Within the fields' save: when machine reading is on and a read field's box changed, read again. */
export async function enqueueReadingsOnRegionChange(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Knex.Transaction,
  before: Form,
  fields: readonly FormField[],
): Promise<void> {
  if (boxKey(before.fields as FormField[]) === boxKey(fields) || !(await readingIsOn(trx, before.id))) return;
  await enqueueFormReadings(deps, trx, before.id);
}

/**
 * After an image's shift changed (estimated, or set by a person): its boxes moved, so it is read
 * again when its form has machine reading on (the job skips boxes that did not move).
 */
export async function readAgainAfterShift(deps: Pick<AppDeps, 'knex' | 'jobs'>, imageId: number): Promise<void> {
  const image = await deps.knex('form_images').where({ id: imageId }).first('form_id');
  if (!image || !(await readingIsOn(deps.knex, image.formId))) return;
  await deps.jobs.send<ReadImageJob>(MACHINE_READING_QUEUE, { imageId });
}

/**
 * The image's shift, or null to read the boxes where they were drawn. While the form has a
 * sample and this image's shift is still being estimated, the job waits (fails, to be retried
 * later); on its last attempt it reads without.
 */
async function shiftFor(deps: AppDeps, image: FormImage, attempt: JobAttempt) {
  const shift = await readImageShift(deps.knex, image.id);
  if (shift || attempt.retryCount >= attempt.retryLimit) return shift;
  const settings = await deps.knex('form_region_settings').where({ form_id: image.formId }).first('sample_image_id');
  const sampleId: number | null = settings?.sampleImageId ?? null;
  if (sampleId !== null && sampleId !== image.id) throw new Error('the image’s shift is not estimated yet');
  return null;
}

/** Compared by value: PostgreSQL's jsonb gives the keys back in its own order. */
function sameBox(stored: ReadBox | undefined, box: ReadBox): boolean {
  return stored !== undefined && stored.x === box.x && stored.y === box.y && stored.w === box.w && stored.h === box.h;
}

interface FieldReading extends OcrReading {
  fieldId: string;
  box: ReadBox;
}

/** Reads the image's boxes that moved since their last reading (all of them the first time). */
async function readChangedBoxes(deps: AppDeps, image: FormImage, form: Form, attempt: JobAttempt) {
  const shift = await shiftFor(deps, image, attempt);
  const wanted = readableFields(form.fields as FormField[]).map((field) => ({
    fieldId: field.id,
    box: readBoxOf(field.region, shift),
  }));
  const stored: Array<{ fieldId: string; box: ReadBox }> = await deps
    .knex('machine_readings')
    .where({ image_id: image.id })
    .select('field_id', 'box');
  const storedBox = new Map(stored.map((row) => [row.fieldId, row.box]));
  const toRead = wanted.filter(({ fieldId, box }) => !sameBox(storedBox.get(fieldId), box));
  const keep = new Set(wanted.map((want) => want.fieldId));
  const stale = stored.filter((row) => !keep.has(row.fieldId)).map((row) => row.fieldId);
  if (toRead.length === 0) return { readings: [], stale };

  const file = await readStoredFile(fileStorage(deps.config), 'images', image.filename);
  if (!file) return { readings: [], stale };
  const page = await pageSize(file);
  const reader = ocrReader(deps.config);
  const readings: FieldReading[] = [];
  for (const { fieldId, box } of toRead) {
    const crop = await cropForOcr(file, page, box);
    const reading = crop ? await reader.read(crop) : { text: '', confidence: 0 };
    readings.push({ fieldId, box, ...reading });
  }
  return { readings, stale };
}

/** Reads one image and stores the readings with the image's new state; a deleted image ends quietly. */
export async function readImage(deps: AppDeps, imageId: number, attempt: JobAttempt): Promise<void> {
  const image = await FormImage.query().findById(imageId);
  if (!image || !(await readingIsOn(deps.knex, image.formId))) return;
  const form = await Form.query().findById(image.formId);
  if (!form) return;
  const { readings, stale } = await readChangedBoxes(deps, image, form, attempt);
  if (readings.length === 0 && stale.length === 0) return;
  await announcingTransaction(deps, async (announcements) => {
    const { trx } = announcements;
    // The form as it is now: its fields or threshold may have changed while the image was read.
    const current = await Form.query(trx).findById(image.formId);
    if (!current) return;
    await writeImageState(announcements, current, imageId, async () => {
      if (stale.length) await trx('machine_readings').where({ image_id: imageId }).whereIn('field_id', stale).delete();
      if (readings.length) {
        await trx('machine_readings')
          .insert(
            readings.map((reading) => ({
              image_id: imageId,
              field_id: reading.fieldId,
              form_id: current.id,
              value: reading.text,
              confidence: reading.confidence,
              box: JSON.stringify(reading.box),
              read_at: trx.fn.now(),
            })),
          )
          .onConflict(['image_id', 'field_id'])
          .merge();
      }
      return { kind: 'machine-reading' };
    });
  }).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return; // deleted while it was read
    throw error;
  });
}

export function registerMachineReadingWorker(deps: AppDeps): Promise<void> {
  return deps.jobs.work<ReadImageJob>(
    MACHINE_READING_QUEUE,
    ({ imageId }, attempt) => readImage(deps, imageId, attempt),
    {
      concurrency: 1,
      batchSize: deps.config.ocr.concurrency,
      // Retries are mostly the wait for an image's shift estimate: 5 s, 10 s, 20 s, 40 s, 80 s.
      policy: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
    },
  );
}
