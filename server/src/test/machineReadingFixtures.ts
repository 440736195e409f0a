/**
 * For machine reading (OCR) tests: a form with two printed fields whose boxes are drawn as field
 * regions, generated printed scans with known values (bench/printedScans.ts, no fixture files),
 * and waits for the reading and recompute jobs.
 */
import type { MachineReadingSettings } from '@formscribe/common/schemas/machineReading';
import { printedFormFields, renderPrintedScan } from '../../bench/printedScans.ts';
import { Form } from '../models/index.ts';
import { person } from './entryFixtures.ts';
import { createForm } from './factories.ts';
import { uploadImageOk } from './imageFactories.ts';
import type { TestServer } from './testServer.ts';
import { waitUntil } from './webhookReceiver.ts';

/** Surname (f1) and Given names (f2), each with its printed box as a region. */
export const READ_FIELDS = printedFormFields(true).slice(0, 2);

/** What the generated printed scan carries in its two read boxes. */
export const PRINTED = { f1: 'Miller 7', f2: 'Hughes 31' };

export interface StoredReading {
  fieldId: string;
  value: string;
  confidence: number;
}

export async function printedForm(server: TestServer, threshold: number) {
  const owner = await person(server);
  const form = await createForm(owner.user, { fields: READ_FIELDS, requiredEntriesPerImage: threshold });
  return { owner, form };
}

/** Uploads a printed scan with `values` in its boxes, through the real route. */
export async function uploadPrinted(
  owner: Awaited<ReturnType<typeof person>>,
  formId: number,
  values: Record<string, string>,
) {
  return uploadImageOk(owner.client, formId, await renderPrintedScan(values));
}

export async function readingsOf(server: TestServer, imageId: number): Promise<StoredReading[]> {
  return server
    .knex('machine_readings')
    .where({ image_id: imageId })
    .orderBy('field_id')
    .select('field_id', 'value', 'confidence');
}

export async function waitForReadings(server: TestServer, imageId: number, count: number) {
  await waitUntil(async () => (await readingsOf(server, imageId)).length >= count, 60_000, 'machine readings');
  return readingsOf(server, imageId);
}

/** Waits until no job of `queue` for the form is waiting or running. */
async function waitForQueue(server: TestServer, queue: string, formId: number) {
  const pending = async () => {
    const { rows } = await server.knex.raw(
      `SELECT count(*)::int AS n FROM pgboss.job
       WHERE name = ? AND state IN ('created', 'retry', 'active') AND data->>'formId' = ?`,
      [queue, String(formId)],
    );
    return (rows as Array<{ n: number }>)[0]?.n ?? 0;
  };
  await waitUntil(async () => (await pending()) === 0, 30_000, `${queue} jobs`);
}

/** The owner saves machine reading settings, and the form's recompute (if any) has run. */
export async function saveSettings(
  server: TestServer,
  owner: Awaited<ReturnType<typeof person>>,
  formId: number,
  settings: Partial<MachineReadingSettings>,
) {
  const saved = await owner.client.put<MachineReadingSettings>(`/api/forms/${formId}/machine-reading`, settings);
  if (saved.status !== 200) throw new Error(`settings not saved: ${saved.status} ${saved.text}`);
  await waitForQueue(server, 'recompute-form', formId);
  return saved.body;
}

/** The form's counters equal a recount over its images (what the counters property test asserts). */
export async function countersAreExact(server: TestServer, formId: number): Promise<boolean> {
  const { rows } = await server.knex.raw(
    `SELECT count(*)::int AS images, (count(*) FILTER (WHERE is_complete))::int AS completed,
            coalesce(sum(verified_field_count) FILTER (WHERE NOT is_complete), 0)::int AS verified
     FROM form_images WHERE form_id = ?`,
    [formId],
  );
  const counted = (rows as Array<{ images: number; completed: number; verified: number }>)[0];
  const form = await Form.query().findById(formId);
  return (
    form?.imageCount === counted?.images &&
    form?.completedImageCount === counted?.completed &&
    form?.incompleteVerifiedFieldCount === counted?.verified
  );
}
