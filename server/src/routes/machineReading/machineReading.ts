/**
 * Machine reading (OCR) of a form's field regions: its settings and the machine's agreement with
 * verified values. Managers only, reading included: contributors never learn what the machine
 * read, nor that it reads (policies/forms.ts: a contributor gets 403, a stranger 404).
 */
import { MESSAGES } from '@formscribe/common/messages';
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  machineAgreementResponseSchema,
  machineReadingSettingsSchema,
  machineReadingSettingsUpdateSchema,
} from '@formscribe/common/schemas/machineReading';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { conflict } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { readMachineAgreement } from '../../services/ocr/machineAgreement.ts';
import { readMachineReadingSettings, updateMachineReadingSettings } from '../../services/ocr/machineReadingSettings.ts';
import { respond } from '../respond.ts';

export const machineReadingRouter = new Router<AppState, AppContextExtras>();

machineReadingRouter.get('/api/forms/:id/machine-reading', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  respond(ctx, machineReadingSettingsSchema, await readMachineReadingSettings(ctx.deps.knex, form.id));
});

machineReadingRouter.put('/api/forms/:id/machine-reading', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const update = parseInput(machineReadingSettingsUpdateSchema, ctx.request.body);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  // Switching it off stays possible; a form deactivated meanwhile is caught by the job's own check.
  if (update.enabled && !form.isActive) throw conflict(MESSAGES.inactiveFormReadsNothing);
  respond(ctx, machineReadingSettingsSchema, await updateMachineReadingSettings(ctx.deps, form.id, update));
});

machineReadingRouter.get('/api/forms/:id/machine-reading/agreement', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  const { offFieldIds } = await readMachineReadingSettings(ctx.deps.knex, form.id);
  respond(ctx, machineAgreementResponseSchema, {
    fields: await readMachineAgreement(ctx.deps.knex, form, offFieldIds),
  });
});
