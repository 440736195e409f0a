/**
 * Every job queue worker this node runs; the server entry point and the test server both call this.
 * Machine reading has its own fair queue and workers (services/ocr/machineReadingWorker.ts).
 */
import type { AppDeps } from './appTypes.ts';
import { registerCampaignMailWorker } from './services/campaigns/campaignMailWorker.ts';
import { registerFormRecomputeWorker } from './services/consensus/formRecompute.ts';
import { registerImportWorker } from './services/imports/importWorker.ts';
import { registerResumableUploadSweepWorker } from './services/imports/resumableUploadSweepJob.ts';
import { registerInsightsRecountWorker } from './services/insights/insightsRecountJob.ts';
import type { Mailer } from './services/mail/mailer.ts';
import { registerMailWorker } from './services/mailWorker.ts';
import { registerRegionShiftWorker } from './services/regions/regionShiftJob.ts';
import { registerFormRecountWorker } from './services/stats/formRecountJob.ts';
import { registerStorageSweepWorker } from './services/storage/storageSweepJob.ts';
import { registerWebhookWorker } from './services/webhooks/webhookWorker.ts';

export async function registerWorkers(deps: AppDeps, mailer: Mailer): Promise<void> {
  await registerMailWorker(deps, mailer);
  await registerCampaignMailWorker(deps, mailer);
  await registerFormRecomputeWorker(deps);
  await registerFormRecountWorker(deps);
  await registerInsightsRecountWorker(deps);
  await registerWebhookWorker(deps);
  await registerStorageSweepWorker(deps);
  await registerResumableUploadSweepWorker(deps);
  await registerRegionShiftWorker(deps);
  await registerImportWorker(deps);
}
