/**
 * Scans uploaded sideways (or upside down) are turned upright, by tesseract's orientation detection
 * (the shipped `osd` data), before machine reading reads them: the first turn of an image's
 * reading detects its orientation, sets the image's rotation as a person's turn would (through the
 * image state writer, so watchers see it live), and the next turns read its boxes on the upright
 * page (regionCrops.ts).
 *
 * Only for forms with machine reading on: detection costs about half a second of CPU per image,
 * and the owner who switched reading on opted into paying CPU per image; uploads to other forms
 * stay as fast as before (B5), and nothing is added to any upload request itself (it runs in the
 * reading queue's turns, fair between owners). Once per image (image_orientations), and never over
 * a person's choice: an image a person already turned is left as it is.
 */
import type { AppDeps } from '../../appTypes.ts';
import { Form, type FormImage } from '../../models/index.ts';
import { type DomainEvents, inTransaction } from '../events/domainEventRecorder.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';
import { imageWork, openImage, STREAMING_JOB_BYTES } from '../images/imageWork.ts';
import { estimateAgainAfterTurn } from '../regions/regionShiftJob.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { readStoredFile } from '../storage/readStoredFile.ts';
import { readAgainAfterTurn, readingIsOn } from './machineReadingJob.ts';
import { type DetectedOrientation, ocrReader } from './ocrReader.ts';
import { type QuarterTurn, quarterTurnOf } from './regionCrops.ts';

/** The copy detection looks at: text lines stay a dozen pixels high or more, and a page takes ~0.5 s. */
const DETECT_SIDE_PX = 1200;
/**
 * Tesseract's margin of the best orientation over the next, below which the page is left as it
 * is: a sparse form page gives 5–14 sideways (more text, more margin), a blank or pictorial page
 * nothing; turning an upright page wrongly is worse than leaving a sideways one to a person.
 */
export const MIN_ORIENTATION_CONFIDENCE = 3;

/** Whether the image's orientation is still to be detected (never detected, and no person turned it). */
export async function orientationUnchecked(deps: Pick<AppDeps, 'knex'>, image: FormImage): Promise<boolean> {
  if (image.rotation !== 0) return false;
  return !(await deps.knex('image_orientations').where({ image_id: image.id }).first('image_id'));
}

/** A small greyscale copy of the stored page (PNG), or null when its file is gone. */
async function detectionCopy(deps: AppDeps, image: FormImage): Promise<Buffer | null> {
  const file = await readStoredFile(fileStorage(deps.config), 'images', image.filename);
  if (!file) return null;
  return imageWork.run(STREAMING_JOB_BYTES, () =>
    openImage(file)
      .resize(DETECT_SIDE_PX, DETECT_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .png()
      .toBuffer(),
  );
}

/**
 * What the page's orientation is; nothing found when it cannot be told. A failure is logged and
 * counts as nothing found: the fields are read all the same, and a person can still turn the page.
 */
async function detect(deps: AppDeps, image: FormImage): Promise<DetectedOrientation> {
  try {
    const copy = await detectionCopy(deps, image);
    if (copy) return await ocrReader(deps.config).detectOrientation(copy);
  } catch (error) {
    deps.logger.warn({ err: error, imageId: image.id }, 'orientation of an image could not be detected');
  }
  return { rotation: null, confidence: 0 };
}

/** Detects the image's orientation and, when it is confident and not upright, turns the image. */
export async function turnUpright(deps: AppDeps, image: FormImage): Promise<void> {
  const found = await detect(deps, image);
  const turn = found.rotation === null ? null : quarterTurnOf(found.rotation);
  const apply = turn !== null && turn !== 0 && found.confidence >= MIN_ORIENTATION_CONFIDENCE;
  await inTransaction(deps, async (events) => {
    const inserted = await events
      .trx('image_orientations')
      .insert({
        image_id: image.id,
        detected_rotation: turn,
        confidence: found.rotation === null ? null : found.confidence,
        applied: apply,
      })
      .onConflict('image_id')
      .ignore()
      .returning('image_id')
      .catch((error: { code?: string }) => {
        if (error.code === '23503') return []; // the image was deleted while it was looked at
        throw error;
      });
    // A turn taken twice (a lease that ran out) turns the image once.
    if (apply && inserted.length > 0) await setRotation(events, image, turn);
  });
}

/** The detected turn, set as a person's would be, unless a person turned the image meanwhile. */
async function setRotation(events: DomainEvents, image: FormImage, turn: QuarterTurn) {
  const form = await Form.query(events.trx).findById(image.formId);
  if (!form || !(await readingIsOn(events.trx, form.id))) return;
  const change = await writeImageState(events, form, image.id, async (locked) => ({
    kind: 'rotation',
    rotation: locked.rotation === 0 ? turn : locked.rotation,
  }));
  if (change.after.rotation !== change.before.rotation) {
    await readAgainAfterTurn(events, form.id, image.id);
    await estimateAgainAfterTurn(events, form.id, image.id);
  }
}
