/**
 * A form's machine reading settings: on or off (off without a row), the owner's confidence
 * threshold, the fields switched off, and the language the form's text is in. Switching it on, or
 * changing the language while it is on, asks for the reading of every image (the turn skips boxes
 * already read with the same box, language and turn, so switching again is cheap); any change of
 * what counts recomputes the form's images through the image state writer.
 */
import {
  DEFAULT_MACHINE_CONFIDENCE_THRESHOLD,
  DEFAULT_OCR_LANGUAGE,
  type MachineReadingSettings,
  type MachineReadingSettingsUpdate,
} from '@formscribe/common/schemas/machineReading';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { enqueueFormRecompute } from '../consensus/formRecompute.ts';
import { eventsOf } from '../events/domainEventRecorder.ts';

/** A row as knex returns it (the snake-case mappers turn columns into camelCase keys). */
interface SettingsRow {
  enabled: boolean;
  confidenceThreshold: number;
  offFieldIds: string[];
  language: MachineReadingSettings['language'];
}

const OFF: MachineReadingSettings = {
  enabled: false,
  confidenceThreshold: DEFAULT_MACHINE_CONFIDENCE_THRESHOLD,
  offFieldIds: [],
  language: DEFAULT_OCR_LANGUAGE,
};

export async function readMachineReadingSettings(knex: Knex, formId: number): Promise<MachineReadingSettings> {
  const row: SettingsRow | undefined = await knex('form_machine_reading_settings')
    .where({ form_id: formId })
    .first('enabled', 'confidence_threshold', 'off_field_ids', 'language');
  return row
    ? {
        enabled: row.enabled,
        confidenceThreshold: row.confidenceThreshold,
        offFieldIds: row.offFieldIds,
        language: row.language,
      }
    : OFF;
}

/** Whether a change alters which readings count (and so the images' consensus). */
function countingChanged(before: MachineReadingSettings, after: MachineReadingSettings): boolean {
  if (!before.enabled && !after.enabled) return false;
  return (
    before.enabled !== after.enabled ||
    before.confidenceThreshold !== after.confidenceThreshold ||
    [...before.offFieldIds].sort().join('\n') !== [...after.offFieldIds].sort().join('\n')
  );
}

export async function updateMachineReadingSettings(
  deps: Pick<AppDeps, 'knex' | 'jobs' | 'events'>,
  formId: number,
  update: MachineReadingSettingsUpdate,
): Promise<MachineReadingSettings> {
  return deps.knex.transaction(async (trx) => {
    // The form's row is the lock: two saves of its settings run one after the other.
    await trx('forms').where({ id: formId }).forUpdate().first('id');
    const before = await readMachineReadingSettings(trx, formId);
    const after: MachineReadingSettings = {
      ...before,
      ...update,
      offFieldIds: [...new Set(update.offFieldIds ?? before.offFieldIds)],
    };
    await trx('form_machine_reading_settings')
      .insert({
        form_id: formId,
        enabled: after.enabled,
        confidence_threshold: after.confidenceThreshold,
        off_field_ids: after.offFieldIds,
        language: after.language,
        updated_at: trx.fn.now(),
      })
      .onConflict('form_id')
      .merge();
    const events = eventsOf(deps, trx);
    // Read with another language, the text is another reading: every image is read again.
    const languageChanged = after.language !== before.language;
    if (after.enabled && (!before.enabled || languageChanged)) await events.record({ type: 'read-form', formId });
    // Readings already stored may count now, or no longer: each image's state is computed again.
    if (countingChanged(before, after)) await enqueueFormRecompute(events, formId);
    return after;
  });
}
