import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { RefObject } from 'react';
import { useDeleteImage } from '../../../api/images.ts';
import { serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ButtonRow } from '../../../components/ui/Card.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { showToast } from '../../../stores/toastStore.ts';

interface DeleteImageDialogProps {
  image: ImageResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Asks before an image, and every entry made for it, is deleted. */
export function DeleteImageDialog({ image, open, onOpenChange, returnFocusTo }: DeleteImageDialogProps) {
  const deleteImage = useDeleteImage(image.formId);

  function confirmDelete() {
    deleteImage.mutate(image.id, {
      onSuccess: () => onOpenChange(false),
      onError: (error) =>
        showToast({
          title: 'Failed to delete image',
          description: serverMessageOr(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Image"
      returnFocusTo={returnFocusTo}
      description={`Delete "${image.originalName}" (#${image.number}) and every entry made for it? This cannot be undone.`}
    >
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirmDelete} disabled={deleteImage.isPending}>
          {deleteImage.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
