/**
 * The Images tab's import area: choose files (images, PDFs, TIFFs, ZIPs) or a whole folder, or
 * drop files and folders on it, or give a IIIF URL. Files go one at a time, in order, each failing alone;
 * then each import's pages are followed live until the batch's summary says what went in, what
 * was skipped as a duplicate and what was refused or failed, and why.
 */
import { css } from '@emotion/react';
import type { Translator } from '@formscribe/common/i18n/translator';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { useCancelImport } from '../../../api/imports.ts';
import { serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { ProgressBar, percentOf } from '../../../components/ui/ProgressBar.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { hiddenFileInputStyles, pickerRowStyles } from './filePickerStyles.ts';
import { IiifImportField } from './IiifImportField.tsx';
import { ImportRunningList } from './ImportRunningList.tsx';
import { ImportSummary } from './ImportSummary.tsx';
import { filesFromDrop, filesFromInput, IMPORT_ACCEPT } from './importFiles.ts';
import { summaryOfImport } from './importSummary.ts';
import { useImportBatch } from './useImportBatch.ts';

const areaStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1.25rem;
  background: ${theme.colors.surface};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.medium};
`;

const dropTargetStyles = css`
  border: 2px dashed ${theme.colors.primary};
  background: ${theme.colors.primarySoft};
`;

const busyLabelStyles = css`
  opacity: 0.55;
  cursor: progress;
`;

const MB = 1024 * 1024;

/** '3.4 MB' under ten megabytes, '12 MB' above, with the language's decimal sign and unit. */
function megabytes(bytes: number, { t, number }: Translator<MessageKey>): string {
  const digits = bytes < 10 * MB ? 1 : 0;
  const size = number(bytes / MB, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return t('ownerTabs.size.megabytes', { size });
}

/** What a screen reader hears: a few calm sentences, not every percent. */
function statusLine(
  uploadingFiles: number | null,
  running: number,
  doneText: string | null,
  t: Translator<MessageKey>['t'],
): string {
  if (uploadingFiles !== null) return t('ownerTabs.upload.uploadingFiles', { count: uploadingFiles });
  if (running > 0) return t('ownerTabs.upload.importingFiles', { count: running });
  return doneText ?? '';
}

export function ImageUploader({ formId }: { formId: number }) {
  const translator = useT();
  const { t } = translator;
  const filesInputId = useId();
  const folderInputId = useId();
  const batch = useImportBatch(formId);
  const cancel = useCancelImport(formId);
  const [dragging, setDragging] = useState(false);
  const [cancelling, setCancelling] = useState<ReadonlySet<number>>(new Set());
  const uploading = batch.progress !== null;

  function sendChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = filesFromInput(input.files ?? []);
    // The same files may be chosen again later.
    input.value = '';
    void batch.sendFiles(chosen);
  }

  function dragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
    setDragging(true);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (uploading) return;
    void filesFromDrop(event.dataTransfer).then(batch.sendFiles);
  }

  function cancelImport(item: ImportResponse) {
    setCancelling((ids) => new Set(ids).add(item.importId));
    cancel.mutate(item.importId, {
      onError: (error) =>
        showToast({
          title: t('ownerTabs.upload.cancelFailed'),
          description: translateServerMessage(
            serverMessageOr(error, t('ownerTabs.upload.cancelFailedDescription', { name: item.name })),
          ),
          variant: 'destructive',
        }),
      onSettled: () =>
        setCancelling((ids) => {
          const left = new Set(ids);
          left.delete(item.importId);
          return left;
        }),
    });
  }

  const { progress, running, summary, lastFinished } = batch;
  const sentText = progress
    ? t('ownerTabs.upload.sent', {
        sent: megabytes(progress.sent, translator),
        total: megabytes(progress.total, translator),
      })
    : '';
  const shownSummary = summary?.done ? summary : !summary && lastFinished ? summaryOfImport(lastFinished) : null;
  const doneText = summary?.done ? t('ownerTabs.upload.finishedStatus', { count: summary.imported }) : null;

  return (
    <section
      css={[areaStyles, dragging && dropTargetStyles]}
      aria-label={t('ownerTabs.upload.areaLabel')}
      onDragOver={dragOver}
      onDragLeave={(event) => {
        // Moving onto a child of the area is not leaving it.
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setDragging(false);
      }}
      onDrop={drop}
    >
      <div css={pickerRowStyles}>
        <input
          id={filesInputId}
          type="file"
          multiple
          accept={IMPORT_ACCEPT}
          disabled={uploading}
          onChange={sendChosen}
          css={hiddenFileInputStyles}
        />
        <label htmlFor={filesInputId} css={[buttonStyles('primary'), uploading && busyLabelStyles]}>
          {t('ownerTabs.upload.images')}
        </label>
        <input
          id={folderInputId}
          type="file"
          // A folder and everything in it (React has no prop for this attribute).
          ref={(input) => {
            if (input) input.webkitdirectory = true;
          }}
          disabled={uploading}
          onChange={sendChosen}
          css={hiddenFileInputStyles}
        />
        <label htmlFor={folderInputId} css={[buttonStyles('secondary'), uploading && busyLabelStyles]}>
          {t('ownerTabs.upload.folder')}
        </label>
        <MutedText as="span">{t('ownerTabs.upload.hint')}</MutedText>
      </div>
      <IiifImportField formId={formId} onStarted={batch.addImport} />
      <MutedText as="div" aria-live="polite">
        {statusLine(progress?.files ?? null, running.length, doneText, t)}
      </MutedText>
      {progress && (
        <div css={pickerRowStyles}>
          <ProgressBar
            percent={percentOf(progress.sent, progress.total)}
            label={t('ownerTabs.upload.progressLabel')}
            valueText={sentText}
          />
          <MutedText as="span">{sentText}</MutedText>
          <Button variant="ghost" onClick={batch.stop}>
            {t('ownerTabs.upload.stop')}
          </Button>
        </div>
      )}
      <ImportRunningList imports={running} onCancel={cancelImport} cancelling={cancelling} />
      {shownSummary && (
        <ImportSummary
          summary={shownSummary}
          title={
            summary
              ? t('ownerTabs.upload.finished')
              : t('ownerTabs.upload.lastImport', { name: lastFinished?.name ?? '' })
          }
        />
      )}
    </section>
  );
}
