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
import { showToast } from '../../../stores/toastStore.ts';
import { downloadFormExport, type ExportedFile, type ExportProgress, saveFile } from './exportDownload.ts';

export const EXPORT_FAILED_FALLBACK = 'Failed to export form data';

/** What the 'Export failed' toast says: the server's own words for a 400 ("There is no data to export"). */
export function exportFailureMessage(error: unknown): string {
  if (errorStatusCode(error) === 400) return extractServerMessage(error) || EXPORT_FAILED_FALLBACK;
  return EXPORT_FAILED_FALLBACK;
}

/** Spec section 5: export is disabled while the form has no images (the export's rows). */
export function canExportWith(totalImages: number | undefined): boolean {
  return totalImages !== undefined && totalImages > 0;
}

function exportedText(file: ExportedFile): string {
  if (file.rows === null) return file.filename;
  return `${file.rows} ${file.rows === 1 ? 'row' : 'rows'} saved to ${file.filename}`;
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
      showToast({ title: 'Export completed', description: exportedText(file) });
      void queryClient.invalidateQueries({ queryKey: consolidatedQueryKey(form.id) });
      onExported?.();
    },
    onError: (error) =>
      showToast({ title: 'Export failed', description: exportFailureMessage(error), variant: 'destructive' }),
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
