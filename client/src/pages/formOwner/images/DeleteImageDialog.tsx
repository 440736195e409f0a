import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { RefObject } from 'react';
import { useDeleteImage } from '../../../api/images.ts';
import { serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ButtonRow } from '../../../components/ui/Card.tsx';
import { DialogFrame } from '../../../components/ui/DialogFrame.tsx';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';

interface DeleteImageDialogProps {
  image: ImageResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Asks before an image, and every entry made for it, is deleted. */
export function DeleteImageDialog({ image, open, onOpenChange, returnFocusTo }: DeleteImageDialogProps) {
  const { t } = useT();
  const deleteImage = useDeleteImage(image.formId);

  function confirmDelete() {
    deleteImage.mutate(image.id, {
      onSuccess: () => onOpenChange(false),
      onError: (error) =>
        showToast({
          title: t('ownerTabs.deleteImage.failed'),
          description: translateServerMessage(serverMessageOr(error, t('ownerTabs.tryAgain'))),
          variant: 'destructive',
        }),
    });
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('ownerTabs.deleteImage.title')}
      returnFocusTo={returnFocusTo}
      description={t('ownerTabs.deleteImage.description', { name: image.originalName, number: image.number })}
    >
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={confirmDelete} disabled={deleteImage.isPending}>
          {deleteImage.isPending ? t('ownerTabs.deleteImage.deleting') : t('common.delete')}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
