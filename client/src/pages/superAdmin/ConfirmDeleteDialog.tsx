import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow } from '../../components/ui/Card.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';

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
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <ButtonRow css={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting...' : 'Delete'}
        </Button>
      </ButtonRow>
    </DialogFrame>
  );
}
