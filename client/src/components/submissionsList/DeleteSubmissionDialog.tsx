import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import type { RefObject } from 'react';
import { useDeleteSubmission } from '../../api/submissions.ts';
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
  const deleteSubmission = useDeleteSubmission(submission.formId);
  const imageName = submission.image?.originalName ?? `image #${submission.imageId}`;

  function confirmDelete() {
    deleteSubmission.mutate(submission.id, {
      onSuccess: () => {
        onDeleted?.();
        onOpenChange(false);
        showToast({ title: 'Submission deleted successfully' });
      },
      onError: () =>
        showToast({ title: 'Delete failed', description: 'Failed to delete submission', variant: 'destructive' }),
    });
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Submission"
      returnFocusTo={returnFocusTo}
      description={`Delete the submission by ${submitterName(submission)} for "${imageName}"? Its values no longer count towards verification. This cannot be undone.`}
    >
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirmDelete} disabled={deleteSubmission.isPending}>
          {deleteSubmission.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
