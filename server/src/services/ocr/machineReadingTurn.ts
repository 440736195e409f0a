/**
 * One turn of machine reading (machineReadingQueue.ts decides whose): the image's first turn
 * detects its orientation and turns it upright (pageOrientation.ts); after that, the claimed
 * image's next field whose box moved since its last reading, or that was read in another language
 * or with the page turned otherwise (all of them the first time), is read, and stored
 * with the image's new state in one transaction through the image state writer, so a reading
 * landing after people's entries settles what it settles and the form's counters move with it.
 *
 * Bounded: a box outside the size limits (one saved before they existed) is not read; once the
 * image has used its reading time (OCR_IMAGE_TIME_BUDGET_SECONDS) its remaining fields are not
 * read either. Both are stored as unread with the reason, which the owner sees. Idempotent as
 * before: each reading keeps the box it was read from, so a field whose box has not moved is
 * never read twice as it was, and a turn run twice (a lease that ran out) writes the same row twice.
 */
import { regionSizeIssue } from '@formscribe/common/fields';
import type { MachineUnreadReason, OcrLanguage } from '@formscribe/common/schemas/machineReading';
import type { AppDeps } from '../../appTypes.ts';
import { HttpError } from '../../errors.ts';
import { Form, FormImage } from '../../models/index.ts';
import { inTransaction } from '../events/domainEventRecorder.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';
import { readImageShift } from '../regions/imageShifts.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { readStoredFile } from '../storage/readStoredFile.ts';
import { readableFields, readingIsOn } from './machineReadingJob.ts';
import {
  answeringRequestsSoFar,
  finishTurn,
  postponeTurn,
  type ReadingTurn,
  releaseTurn,
} from './machineReadingQueue.ts';
import { readMachineReadingSettings } from './machineReadingSettings.ts';
import { type OcrReading, ocrReader } from './ocrReader.ts';
import { orientationUnchecked, turnUpright } from './pageOrientation.ts';
import {
  cropForOcr,
  pageSize,
  type QuarterTurn,
  quarterTurnOf,
  type ReadBox,
  readBoxOf,
  turnedBox,
} from './regionCrops.ts';

/** While an image's shift is being estimated, its reading waits 5, 10, 20, 40 and 80 s, then reads without. */
const SHIFT_WAITS = 5;
const waitSeconds = (attempts: number) => 5 * 2 ** Math.min(attempts, SHIFT_WAITS);

interface WantedBox {
  fieldId: string;
  box: ReadBox;
  /** Why the field's own box is not read, whatever the shift (null: it is read). */
  sizeIssue: 'tooLarge' | 'tooSmall' | null;
}

/** How the image's boxes are read now: in the form's language, on the image turned as it is shown. */
interface ReadWith {
  language: OcrLanguage;
  turn: QuarterTurn;
}

interface TurnWrite {
  reading?: OcrReading & ReadWith & { fieldId: string; box: ReadBox };
  unread: Array<{ fieldId: string; box: ReadBox; reason: MachineUnreadReason }>;
  stale: string[];
}

/**
 * The image's shift, or null to read the boxes where they were drawn; undefined while the form
 * has a sample and this image's shift is still being estimated (after the last wait: null).
 */
async function shiftFor(deps: AppDeps, image: FormImage, attempts: number) {
  const shift = await readImageShift(deps.knex, image.id);
  if (shift || attempts >= SHIFT_WAITS) return shift;
  const settings = await deps.knex('form_region_settings').where({ form_id: image.formId }).first('sample_image_id');
  const sampleId: number | null = settings?.sampleImageId ?? null;
  return sampleId !== null && sampleId !== image.id ? undefined : null;
}

/**
 * How the form's sample is turned when shown: the boxes are drawn on it as its file lies (the
 * owner's region editor shows the file), so on the page as shown they are turned by this.
 */
async function sampleTurnOf(deps: AppDeps, formId: number): Promise<QuarterTurn> {
  const sample = await deps
    .knex('form_region_settings as s')
    .join('form_images as i', 'i.id', 's.sample_image_id')
    .where('s.form_id', formId)
    .first('i.rotation');
  return quarterTurnOf(sample?.rotation ?? 0);
}

/** Compared by value: PostgreSQL's jsonb gives the keys back in its own order. */
function sameBox(stored: ReadBox | undefined, box: ReadBox): boolean {
  return stored !== undefined && stored.x === box.x && stored.y === box.y && stored.w === box.w && stored.h === box.h;
}

/** What the turn must do: fields to read, in the form's order, and rows of fields the form lost. */
async function pendingFields(deps: AppDeps, imageId: number, wanted: WantedBox[], readWith: ReadWith) {
  const readings: Array<ReadWith & { fieldId: string; box: ReadBox }> = await deps
    .knex('machine_readings')
    .where({ image_id: imageId })
    .select('field_id', 'box', 'language', 'turn');
  const unread: Array<{ fieldId: string; box: ReadBox; reason: MachineUnreadReason }> = await deps
    .knex('machine_reading_unread')
    .where({ image_id: imageId })
    .select('field_id', 'box', 'reason');
  // A reading in another language, or of the page turned otherwise, is read again like a moved box.
  const current = readings.filter((row) => row.language === readWith.language && row.turn === readWith.turn);
  const readBox = new Map(current.map((row) => [row.fieldId, row.box]));
  // A box refused for its size stays refused until it changes; time runs out afresh per request.
  const refusedBox = new Map(unread.filter((row) => row.reason !== 'outOfTime').map((row) => [row.fieldId, row.box]));
  const keep = new Set(wanted.map((want) => want.fieldId));
  return {
    toDo: wanted.filter(
      ({ fieldId, box }) => !sameBox(readBox.get(fieldId), box) && !sameBox(refusedBox.get(fieldId), box),
    ),
    stale: [...readings, ...unread].filter((row) => !keep.has(row.fieldId)).map((row) => row.fieldId),
  };
}

/** Reads one box of the stored image (a crop the image work queue bounds), timing it. */
async function readBox(deps: AppDeps, image: FormImage, box: ReadBox, readWith: ReadWith) {
  const started = performance.now();
  const file = await readStoredFile(fileStorage(deps.config), 'images', image.filename);
  const crop = file ? await cropForOcr(file, await pageSize(file), box, readWith.turn) : null;
  const reading = crop ? await ocrReader(deps.config).read(crop, readWith.language) : { text: '', confidence: 0 };
  return { reading, spentMs: Math.round(performance.now() - started) };
}

/** Stores the turn's reading, unread fields and removals with the image's new state. */
async function storeTurn(deps: AppDeps, imageId: number, write: TurnWrite): Promise<void> {
  await inTransaction(deps, async (events) => {
    const { trx } = events;
    // The form as it is now: its fields or threshold may have changed while the image was read.
    const image = await FormImage.query(trx).findById(imageId);
    const current = image && (await Form.query(trx).findById(image.formId));
    if (!current) return;
    await writeImageState(events, current, imageId, async () => {
      const unreadIds = write.unread.map((field) => field.fieldId);
      const readingGone = [...write.stale, ...unreadIds];
      const unreadGone = [...write.stale, ...(write.reading ? [write.reading.fieldId] : [])];
      if (readingGone.length) {
        await trx('machine_readings').where({ image_id: imageId }).whereIn('field_id', readingGone).delete();
      }
      if (unreadGone.length) {
        await trx('machine_reading_unread').where({ image_id: imageId }).whereIn('field_id', unreadGone).delete();
      }
      // Upserts: a turn taken twice (a lease that ran out mid-field) writes the same rows again.
      if (write.unread.length) {
        await trx('machine_reading_unread')
          .insert(
            write.unread.map(({ fieldId, box, reason }) => ({
              image_id: imageId,
              field_id: fieldId,
              form_id: current.id,
              reason,
              box: JSON.stringify(box),
              marked_at: trx.fn.now(),
            })),
          )
          .onConflict(['image_id', 'field_id'])
          .merge();
      }
      if (write.reading) {
        const { fieldId, box, text, confidence, language, turn } = write.reading;
        await trx('machine_readings')
          .insert({
            image_id: imageId,
            field_id: fieldId,
            form_id: current.id,
            value: text,
            confidence,
            box: JSON.stringify(box),
            language,
            turn,
            read_at: trx.fn.now(),
          })
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

/** Takes one turn: reads at most one field of the claimed image, then hands the image back or lets it go. */
export async function takeTurn(deps: AppDeps, claimed: ReadingTurn): Promise<void> {
  let turn = claimed;
  let image = await FormImage.query().findById(turn.imageId);
  if (!image || !(await readingIsOn(deps.knex, image.formId))) return finishTurn(deps.knex, turn);
  // Upright first: every box is read on the page as it is turned (pageOrientation.ts). Within the
  // first turn, so an image takes as many turns as before and other owners wait no longer than
  // that turn; outside the image's reading time, since the small copy bounds it. The turn asks for
  // the image to be read again (as a person's turn does); this turn is that reading, since all it
  // reads from here on (the image, the form, the shift, the language) is read after the turn.
  if (await orientationUnchecked(deps, image)) {
    await turnUpright(deps, image);
    turn = await answeringRequestsSoFar(deps.knex, turn);
    image = await FormImage.query().findById(turn.imageId);
  }
  const form = image && (await Form.query().findById(image.formId));
  if (!image || !form) return finishTurn(deps.knex, turn);
  const shift = await shiftFor(deps, image, turn.attempts);
  if (shift === undefined) return postponeTurn(deps.knex, turn, waitSeconds(turn.attempts));

  // Every box on the page as shown (as the entry page highlights it): the drawn box turned as the
  // sample is shown, moved by the image's shift, read on the image turned by its rotation.
  const sampleTurn = await sampleTurnOf(deps, form.id);
  const wanted = readableFields(form.fields).map((field) => ({
    fieldId: field.id,
    box: readBoxOf(turnedBox(field.region, sampleTurn), shift),
    sizeIssue: regionSizeIssue(field.region),
  }));
  const readWith: ReadWith = {
    language: (await readMachineReadingSettings(deps.knex, form.id)).language,
    turn: quarterTurnOf(image.rotation),
  };
  const { toDo, stale } = await pendingFields(deps, image.id, wanted, readWith);
  const readable = toDo.filter((field) => field.sizeIssue === null);
  const write: TurnWrite = {
    unread: toDo.flatMap(({ fieldId, box, sizeIssue }) => (sizeIssue ? [{ fieldId, box, reason: sizeIssue }] : [])),
    stale,
  };
  const [next, ...rest] = readable;
  let spentMs = 0;
  if (next && turn.spentMs < deps.config.ocr.imageTimeBudgetMs) {
    const read = await readBox(deps, image, next.box, readWith);
    write.reading = { fieldId: next.fieldId, box: next.box, ...readWith, ...read.reading };
    spentMs = read.spentMs;
  } else {
    write.unread.push(...readable.map(({ fieldId, box }) => ({ fieldId, box, reason: 'outOfTime' as const })));
  }
  if (write.reading || write.unread.length || write.stale.length) await storeTurn(deps, image.id, write);
  return write.reading && rest.length > 0 ? releaseTurn(deps.knex, turn, spentMs) : finishTurn(deps.knex, turn);
}
