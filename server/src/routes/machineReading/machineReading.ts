/**
 * Machine reading (OCR) of a form's field regions: its settings and the machine's agreement with
 * verified values. Managers only, reading included: contributors never learn what the machine
 * read, nor that it reads (policies/forms.ts: a contributor gets 403, a stranger 404).
 */
import { machineReadingApi } from '@formscribe/common/api/machineReading';
import { MESSAGES } from '@formscribe/common/messages';
import { conflict } from '../../errors.ts';
import { readMachineAgreement } from '../../services/ocr/machineAgreement.ts';
import { readMachineReadingSettings, updateMachineReadingSettings } from '../../services/ocr/machineReadingSettings.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

route(machineReadingApi.getMachineReading, { policy: managedForm }, (ctx, { resource: form }) =>
  readMachineReadingSettings(ctx.deps.knex, form.id),
);

route(machineReadingApi.updateMachineReading, { policy: managedForm }, async (ctx, { body, resource: form }) => {
  // Switching it off stays possible; a form deactivated meanwhile is caught by the job's own check.
  if (body.enabled && !form.isActive) throw conflict(MESSAGES.inactiveFormReadsNothing);
  return updateMachineReadingSettings(ctx.deps, form.id, body);
});

route(machineReadingApi.machineAgreement, { policy: managedForm }, async (ctx, { resource: form }) => {
  const { offFieldIds } = await readMachineReadingSettings(ctx.deps.knex, form.id);
  return { fields: await readMachineAgreement(ctx.deps.knex, form, offFieldIds) };
});
