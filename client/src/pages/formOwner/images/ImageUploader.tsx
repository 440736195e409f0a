import { css } from '@emotion/react';
import { ACCEPTED_IMAGE_TYPES, IMAGE_UPLOAD_FORMATS } from '@formscribe/common/imageFormats';
import { imageResponseSchema } from '@formscribe/common/schemas/form';
import { type ChangeEvent, useId, useState } from 'react';
import { useRefreshFormImages } from '../../../api/images.ts';
import { uploadFile } from '../../../api/uploadFile.ts';
import { imageUploadFailureToast } from '../../../components/toasts/upgradeToasts.ts';
import { useToastNavigation } from '../../../components/toasts/useToastNavigation.ts';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { MutedText } from '../../../components/ui/MutedText.tsx';
import { ProgressBar } from '../../../components/ui/ProgressBar.tsx';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { hiddenFileInputStyles, pickerRowStyles } from './filePickerStyles.ts';
import { uploadSequentially } from './uploadSequentially.ts';

const uploaderStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1.25rem;
  background: ${theme.colors.surface};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.medium};
`;

const busyLabelStyles = css`
  opacity: 0.55;
  cursor: progress;
`;

interface UploadState {
  fileIndex: number;
  fileCount: number;
  percent: number;
}

/** Several images at once, sent one request per file with a progress bar; stops at the first failure. */
export function ImageUploader({ formId }: { formId: number }) {
  const inputId = useId();
  const [upload, setUpload] = useState<UploadState | null>(null);
  const refreshImages = useRefreshFormImages(formId);
  const goTo = useToastNavigation();

  async function uploadChosenFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    if (files.length === 0 || upload) return;
    setUpload({ fileIndex: 0, fileCount: files.length, percent: 0 });
    const outcome = await uploadSequentially(
      files,
      (file, onFileProgress) =>
        uploadFile({
          url: `/api/forms/${formId}/images`,
          field: 'image',
          file,
          schema: imageResponseSchema,
          onProgress: onFileProgress,
        }),
      (overall, fileIndex) => setUpload({ fileIndex, fileCount: files.length, percent: overall * 100 }),
    );
    setUpload(null);
    // The same files may be chosen again after a failure.
    input.value = '';
    if (outcome.uploaded.length > 0) refreshImages();
    if (outcome.failure) {
      showToast(imageUploadFailureToast(outcome.failure.error, goTo));
      return;
    }
    const count = outcome.uploaded.length;
    showToast({
      title: 'Images uploaded successfully',
      description: `${count} ${count === 1 ? 'image' : 'images'} uploaded.`,
    });
  }

  return (
    <section css={uploaderStyles}>
      <div css={pickerRowStyles}>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES}
          disabled={upload !== null}
          onChange={(event) => void uploadChosenFiles(event)}
          css={hiddenFileInputStyles}
        />
        <label htmlFor={inputId} css={[buttonStyles('primary'), upload && busyLabelStyles]}>
          Upload Images
        </label>
        <MutedText as="span">{IMAGE_UPLOAD_FORMATS}. Select several files to upload them one after another.</MutedText>
      </div>
      {upload && (
        <div css={pickerRowStyles} aria-live="polite">
          <MutedText as="span">
            Uploading {upload.fileIndex + 1} of {upload.fileCount}…
          </MutedText>
          <ProgressBar percent={upload.percent} label="Upload progress" />
        </div>
      )}
    </section>
  );
}
