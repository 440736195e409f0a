/**
 * The import area's batch: files go out one at a time, in order (each failing alone), the imports they
 * start are followed until they finish, and the batch's summary and toast come once at the end.
 * Imports the owner left running on an earlier visit are followed too (read from the list).
 */
import { errorResponseBody } from '@formscribe/common/errorMessages';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { catalogueQueryKey } from '../../../api/catalogue.ts';
import { useRefreshFormImages } from '../../../api/images.ts';
import { isRunning, useFormImports, useImportsById } from '../../../api/imports.ts';
import { uploadResumably } from '../../../api/resumableUpload.ts';
import { imageUploadFailureToast, serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { useToastNavigation } from '../../../components/toasts/useToastNavigation.ts';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { sendCatalogue } from './importCatalogue.ts';
import { type ChosenFile, sortOutChosenFiles } from './importFiles.ts';
import { type BatchSummary, emptyBatch, type ImportBatch, summariseBatch, uploadedToastText } from './importSummary.ts';
import { type UploadResult, uploadAll } from './importUploads.ts';

/** Why a file the owner stopped was not sent, in the language in use. */
export const stoppedReason = () => currentTranslator().t('ownerTabs.upload.stoppedReason');

export interface UploadProgress {
  files: number;
  sent: number;
  total: number;
}

interface Batch extends ImportBatch {
  serial: number;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

export function useImportBatch(formId: number) {
  const [batch, setBatch] = useState<Batch | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const stopUploads = useRef<AbortController | null>(null);
  const firstUploadError = useRef<unknown>(null);
  const announced = useRef(0);
  // Until the batch is announced done, the list is followed: it brings the batch's imports' figures.
  const recent = useFormImports(formId, batch !== null && announced.current !== batch.serial);
  const serial = useRef(0);
  const refreshImages = useRefreshFormImages(formId);
  const goTo = useToastNavigation();
  const queryClient = useQueryClient();

  const listed = recent.data?.imports ?? [];
  const trackedIds = unique([...listed.filter(isRunning).map((item) => item.importId), ...(batch?.importIds ?? [])]);
  const tracked = useImportsById(formId, trackedIds);
  const running = tracked.filter(isRunning);
  const summary: BatchSummary | null = batch ? summariseBatch(batch, tracked) : null;
  const lastFinished: ImportResponse | undefined = batch ? undefined : listed.find((item) => !isRunning(item));

  // Once per batch, when it is done: one toast (only one shows at a time), and the image list
  // read again (`form:image-added` events keep it current meanwhile; this covers a socket that was down).
  useEffect(() => {
    if (!batch || !summary?.done || announced.current === batch.serial) return;
    announced.current = batch.serial;
    refreshImages();
    const uploadError = firstUploadError.current;
    // Reaching the plan's limit is what the owner must act on: its toast offers the upgrade.
    if (uploadError !== null && (summary.imported === 0 || errorResponseBody(uploadError)?.upgrade === true)) {
      showToast(imageUploadFailureToast(uploadError, goTo));
    } else if (summary.imported > 0) {
      showToast({
        title: currentTranslator().t('ownerTabs.upload.successToast'),
        description: uploadedToastText(summary),
      });
    }
  });

  function startBatch(changes: Partial<ImportBatch>): void {
    serial.current += 1;
    firstUploadError.current = null;
    setBatch({ ...emptyBatch(), ...changes, serial: serial.current });
  }

  function noteResult(result: UploadResult<ChosenFile, { importId: number }>): void {
    const stopped = stopUploads.current?.signal.aborted ?? false;
    // A file the owner stopped is listed, not announced as a failure.
    if (!result.ok && !stopped) firstUploadError.current ??= result.error;
    setBatch((current) => {
      if (!current) return current;
      if (!result.ok) {
        const reason = stopped
          ? stoppedReason()
          : translateServerMessage(
              serverMessageOr(result.error, currentTranslator().t('ownerTabs.upload.failedReason')),
            );
        return { ...current, uploadFailures: [...current.uploadFailures, { name: result.item.relativePath, reason }] };
      }
      const { importId } = result.value;
      return { ...current, importIds: [...current.importIds, importId] };
    });
  }

  async function sendFiles(chosen: readonly ChosenFile[]): Promise<void> {
    if (progress || chosen.length === 0) return;
    const { toSend, catalogue, refused } = sortOutChosenFiles(chosen);
    startBatch({ refusedBeforeSending: refused, uploading: toSend.length > 0 || catalogue !== null });
    if (catalogue) {
      const outcome = await sendCatalogue(formId, catalogue);
      // Its columns, for the contributors' column choice under "Upload Catalogue".
      if ('saved' in outcome) void queryClient.invalidateQueries({ queryKey: catalogueQueryKey(formId) });
      setBatch((current) =>
        !current
          ? current
          : 'saved' in outcome
            ? { ...current, catalogue: outcome.saved }
            : { ...current, uploadFailures: [...current.uploadFailures, outcome.failed] },
      );
    }
    if (toSend.length === 0) {
      setBatch((current) => (current ? { ...current, uploading: false } : current));
      return;
    }
    const controller = new AbortController();
    stopUploads.current = controller;
    setProgress({ files: toSend.length, sent: 0, total: 0 });
    await uploadAll(
      toSend,
      (item, onBytes, signal) =>
        uploadResumably({
          formId,
          file: item.file,
          relativePath: item.relativePath,
          onProgress: (sent) => onBytes(sent),
          signal,
        }),
      {
        sizeOf: (item) => item.file.size,
        onProgress: (sent, total) => setProgress({ files: toSend.length, sent, total }),
        onResult: noteResult,
        signal: controller.signal,
      },
    );
    stopUploads.current = null;
    setProgress(null);
    setBatch((current) => (current ? { ...current, uploading: false } : current));
  }

  /** A IIIF import joins the batch on its way, or starts one of its own. */
  function addImport(importId: number): void {
    if (batch && !summary?.done) setBatch({ ...batch, importIds: [...batch.importIds, importId] });
    else startBatch({ uploading: false, importIds: [importId] });
  }

  return {
    sendFiles,
    addImport,
    stop: () => stopUploads.current?.abort(new Error(stoppedReason())),
    progress,
    running,
    summary,
    lastFinished,
  };
}
