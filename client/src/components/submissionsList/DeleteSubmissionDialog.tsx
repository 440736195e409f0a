import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import type { RefObject } from 'react';
import { useDeleteSubmission } from '../../api/submissions.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { Button } from '../ui/Button.tsx';
import { ButtonRow } from '../ui/Card.tsx';
import { DialogFrame } from '../ui/DialogFrame.tsx';
import { submitterName } from './submissionDisplay.ts';

interface DeleteSubmissionDialogProps {
  submission: SubmissionResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Called before the dialog closes after a successful delete. */
  onDeleted?: () => void;
}

/** Asks before a submission (and the values it counted towards verification) is deleted. */
export function DeleteSubmissionDialog({
  submission,
  open,
  onOpenChange,
  returnFocusTo,
  onDeleted,
}: DeleteSubmissionDialogProps) {
  const words = useT();
  const { t } = words;
  const deleteSubmission = useDeleteSubmission(submission.formId);
  const imageName =
    submission.image?.originalName ?? t('progress.submission.imageNumberInSentence', { number: submission.imageId });

  function confirmDelete() {
    deleteSubmission.mutate(submission.id, {
      onSuccess: () => {
        onDeleted?.();
        onOpenChange(false);
        showToast({ title: t('progress.submissions.deleted') });
      },
      onError: () =>
        showToast({
          title: t('progress.submissions.deleteFailed'),
          description: t('progress.submissions.deleteFailedDescription'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('progress.submissions.deleteTitle')}
      returnFocusTo={returnFocusTo}
      description={t('progress.submissions.deleteDescription', {
        who: submitterName(submission, words),
        image: imageName,
      })}
    >
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={confirmDelete} disabled={deleteSubmission.isPending}>
          {deleteSubmission.isPending ? t('progress.submissions.deleting') : t('common.delete')}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
