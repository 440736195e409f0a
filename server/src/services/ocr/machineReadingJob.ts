/**
 * Asking for machine reading: after an upload (or when the owner switches it on, or moves a box,
 * or an image's shift changes), the image is queued for reading in the same transaction as the
 * change (an outbox: a committed upload is always read, a rolled-back one never). The queue
 * (machineReadingQueue.ts) serves owners fairly, a field at a time, on whichever node's worker is
 * free (machineReadingWorker.ts), so an upload answers as fast as before (B5) and the event loop
 * stays free (sharp crops in its threads, tesseract reads in worker threads).
 */
import { dataFields, type FieldType, type FormField } from '@formscribe/common/fields';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import type { Form } from '../../models/index.ts';
import { type DomainEvents, inTransaction } from '../events/domainEventRecorder.ts';
import type { ReadBox } from './regionCrops.ts';

/** Types whose value is printed or written text; choices, ticks and split dates are not read. */
const READABLE_TYPES = new Set<FieldType>(['text', 'number', 'email', 'date', 'textarea']);

/** The fields the machine reads: data fields of a text-like type that have a box. */
export function readableFields(fields: readonly FormField[]): Array<FormField & { region: ReadBox }> {
  return dataFields(fields).filter(
    (field): field is FormField & { region: ReadBox } => READABLE_TYPES.has(field.type) && Boolean(field.region),
  );
}

/** On for the form, and the form is active: an inactive form's images are never read (a plan bounds active forms). */
export async function readingIsOn(trx: Knex.Transaction | Knex, formId: number): Promise<boolean> {
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
export async function enqueueMachineReadingOnUpload(events: DomainEvents, formId: number, imageId: number) {
  if (await readingIsOn(events.trx, formId)) await events.record({ type: 'read-image', imageId });
}

const boxKey = (fields: readonly FormField[]) =>
  JSON.stringify(readableFields(fields).map((field) => [field.id, field.region]));

/** Within the fields' save: when machine reading is on and a read field's box changed, read again. */
export async function enqueueReadingsOnRegionChange(events: DomainEvents, before: Form, fields: readonly FormField[]) {
  if (boxKey(before.fields) === boxKey(fields) || !(await readingIsOn(events.trx, before.id))) return;
  await events.record({ type: 'read-form', formId: before.id });
}

/**
 * Within an image's turn (a person's, or orientation detection's): its boxes are read on the page
 * as shown, turned by its rotation (regionCrops.ts), so the image is read again; when it is the
 * form's sample, every image is, since the boxes drawn on it turn with it (the turn skips what did
 * not change).
 */
export async function readAgainAfterTurn(events: DomainEvents, formId: number, imageId: number): Promise<void> {
  if (!(await readingIsOn(events.trx, formId))) return;
  const settings = await events.trx('form_region_settings').where({ form_id: formId }).first('sample_image_id');
  await events.record(
    settings?.sampleImageId === imageId ? { type: 'read-form', formId } : { type: 'read-image', imageId },
  );
}

/**
 * After an image's shift changed (estimated, or set by a person): its boxes moved, so it is read
 * again when its form has machine reading on (the turn skips boxes that did not move).
 */
export function readAgainAfterShift(deps: Pick<AppDeps, 'knex' | 'jobs' | 'events'>, imageId: number): Promise<void> {
  return inTransaction(deps, async (events) => {
    const image = await events.trx('form_images').where({ id: imageId }).first('form_id');
    if (!image || !(await readingIsOn(events.trx, image.formId))) return;
    await events.record({ type: 'read-image', imageId });
  });
}
