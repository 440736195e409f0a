/**
 * What a batch came to, in the owner's words: images that went in, duplicates skipped, what was
 * refused and why, what failed. A batch is the files sent together (and IIIF imports started
 * beside them): each file sent starts an import, which finishes in the background.
 */
import type { ImportResponse, RefusedImportItem } from '@formscribe/common/schemas/imports';
import { currentTranslator } from '../../../i18n/localeStore.ts';

export interface ImportBatch {
  /** Files set aside before sending (not importable by name). */
  refusedBeforeSending: RefusedImportItem[];
  /** Files whose upload failed, each with the server's reason. */
  uploadFailures: RefusedImportItem[];
  importIds: number[];
  /** The catalogue sent with the files, once saved: its name and row count. */
  catalogue: { name: string; rows: number } | null;
  /** Still sending files. */
  uploading: boolean;
}

export const emptyBatch = (): ImportBatch => ({
  refusedBeforeSending: [],
  uploadFailures: [],
  importIds: [],
  catalogue: null,
  uploading: true,
});

export interface BatchSummary {
  imported: number;
  duplicates: number;
  refused: RefusedImportItem[];
  /** Uploads that failed and imports that failed, with why. */
  failed: RefusedImportItem[];
  /** Imports the owner stopped (what they had imported stays). */
  cancelled: string[];
  /** Imports not finished yet (or not heard of yet). */
  running: number;
  done: boolean;
  catalogue: ImportBatch['catalogue'];
}

/** `imports`: what is known of the batch's imports (an id not in it yet counts as running). */
export function summariseBatch(batch: ImportBatch, imports: readonly ImportResponse[]): BatchSummary {
  const known = new Map(imports.map((item) => [item.importId, item]));
  const ofBatch = batch.importIds.map((id) => known.get(id));
  const finished = ofBatch.filter((item): item is ImportResponse => item !== undefined && item.status !== 'running');
  const running = ofBatch.length - finished.length;
  const seen = ofBatch.filter((item): item is ImportResponse => item !== undefined);
  return {
    imported: seen.reduce((sum, item) => sum + item.imported, 0),
    duplicates: seen.reduce((sum, item) => sum + item.duplicates, 0),
    refused: [...batch.refusedBeforeSending, ...seen.flatMap((item) => item.refused)],
    failed: [
      ...batch.uploadFailures,
      ...finished
        .filter((item) => item.status === 'failed')
        .map((item) => ({
          name: item.name,
          reason: item.reason ?? currentTranslator().t('ownerTabs.summary.importFailed'),
        })),
    ],
    cancelled: finished.filter((item) => item.status === 'cancelled').map((item) => item.name),
    running,
    done: !batch.uploading && running === 0,
    catalogue: batch.catalogue,
  };
}

/** The owner came back: the last finished import stands for the last batch. */
export function summaryOfImport(item: ImportResponse): BatchSummary {
  return summariseBatch({ ...emptyBatch(), uploading: false, importIds: [item.importId] }, [item]);
}

/** "pages done of pages found": imported, skipped as duplicates and refused all count as done. */
export function pagesDone(item: ImportResponse): number {
  return item.imported + item.duplicates + item.refused.length;
}

// The texts below are made when shown, in the language in use then.

export const imagesAddedText = (count: number) => currentTranslator().t('ownerTabs.summary.imagesAdded', { count });

export const duplicatesText = (count: number) => currentTranslator().t('ownerTabs.summary.duplicates', { count });

export const catalogueSavedText = ({ name, rows }: { name: string; rows: number }) =>
  currentTranslator().t('ownerTabs.summary.catalogueSaved', { name, rows });

/** "12 images uploaded." and, when some did not make it, where to look. */
export function uploadedToastText({ imported, refused, failed }: BatchSummary): string {
  const left = refused.length + failed.length;
  const { t } = currentTranslator();
  return left === 0
    ? t('ownerTabs.summary.uploaded', { count: imported })
    : t('ownerTabs.summary.uploadedSomeLeftOut', { count: imported, left });
}
