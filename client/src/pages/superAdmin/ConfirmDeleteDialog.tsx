import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow } from '../../components/ui/Card.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { useT } from '../../i18n/useT.ts';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Asks once more before something that cannot be undone. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const { t } = useT();
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? t('progress.admin.deleting') : t('common.delete')}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
