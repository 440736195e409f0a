/**
 * The export as the owner starts it from the Data tab or the Actions menu, in the format they
 * chose (CSV unless they pick another): download with progress, save under the server's file
 * name, toast the outcome, and refresh what the export changed (the rows it stamped as exported).
 */
import { errorStatusCode, extractServerMessage } from '@formscribe/common/errorMessages';
import type { ExportFormat, ExportType } from '@formscribe/common/schemas/consolidated';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { consolidatedQueryKey } from '../../../api/consolidated.ts';
import { useVerificationStats } from '../../../api/formStats.ts';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { downloadFormExport, type ExportedFile, type ExportProgress, saveFile } from './exportDownload.ts';

/**
 * What the 'Export failed' toast says: the server's own words for a 400 ("There is no data to
 * export"), in the reader's language; else the plain failure.
 */
export function exportFailureMessage(error: unknown): string {
  const fallback = currentTranslator().t('ownerTabs.export.failedFallback');
  if (errorStatusCode(error) === 400) return translateServerMessage(extractServerMessage(error)) || fallback;
  return fallback;
}

/** Spec section 5: export is disabled while the form has no images (the export's rows). */
export function canExportWith(totalImages: number | undefined): boolean {
  return totalImages !== undefined && totalImages > 0;
}

function exportedText(file: ExportedFile): string {
  if (file.rows === null) return file.filename;
  return currentTranslator().t('ownerTabs.export.saved', { count: file.rows, filename: file.filename });
}

export function useFormExport(form: Pick<FormResponse, 'id' | 'name'>, options: { onExported?: () => void } = {}) {
  const queryClient = useQueryClient();
  const stats = useVerificationStats(form.id);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const lastPercent = useRef<number | null>(null);
  const { onExported } = options;

  const mutation = useMutation({
    mutationFn: (exportType: ExportType) => {
      lastPercent.current = null;
      setProgress(null);
      return downloadFormExport(
        form.id,
        exportType,
        form.name,
        (next) => {
          // One render per percent (or per 64 KB while there is no percent), not per chunk.
          const step = next.percent ?? Math.floor(next.bytesReceived / 65_536);
          if (step === lastPercent.current) return;
          lastPercent.current = step;
          setProgress(next);
        },
        undefined,
        format,
      );
    },
    onSuccess: (file) => {
      saveFile(file);
      showToast({ title: currentTranslator().t('ownerTabs.export.completed'), description: exportedText(file) });
      void queryClient.invalidateQueries({ queryKey: consolidatedQueryKey(form.id) });
      onExported?.();
    },
    onError: (error) =>
      showToast({
        title: currentTranslator().t('ownerTabs.export.failed'),
        description: exportFailureMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => setProgress(null),
  });

  return {
    startExport: mutation.mutate,
    isExporting: mutation.isPending,
    /** The export under way, if any. */
    exportType: mutation.isPending ? mutation.variables : undefined,
    progress,
    canExport: canExportWith(stats.data?.totalImages),
    format,
    setFormat,
  };
}
