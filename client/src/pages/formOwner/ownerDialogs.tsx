/**
 * The owner header's dialogs (settings, sharing, export, progress e-mail) are most of the owner
 * page's code yet closed when it first paints: each loads on first use, and all of them start
 * loading as soon as the Actions menu opens, so a chosen dialog is usually there at once.
 */
import { lazy } from 'react';

const loadSettings = () => import('./settings/SettingsDialog.tsx');
const loadShare = () => import('../../components/share/ShareFormDialog.tsx');
const loadExport = () => import('./data/ExportDataDialog.tsx');
const loadCampaign = () => import('./campaigns/EmailCampaignDialog.tsx');

export const SettingsDialog = lazy(() => loadSettings().then((module) => ({ default: module.SettingsDialog })));
export const ShareFormDialog = lazy(() => loadShare().then((module) => ({ default: module.ShareFormDialog })));
export const ExportDataDialog = lazy(() => loadExport().then((module) => ({ default: module.ExportDataDialog })));
export const EmailCampaignDialog = lazy(() =>
  loadCampaign().then((module) => ({ default: module.EmailCampaignDialog })),
);

export function preloadOwnerDialogs(): void {
  for (const load of [loadSettings, loadShare, loadExport, loadCampaign]) void load();
}
