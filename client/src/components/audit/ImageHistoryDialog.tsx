/**
 * One image's history for its owner: every recorded change to it (entries, votes, accepted
 * values, marks, where it came from), newest first, opened from the image's menu.
 */
import type { RefObject } from 'react';
import { useForm } from '../../api/forms.ts';
import { useT } from '../../i18n/useT.ts';
import { DialogFrame } from '../ui/DialogFrame.tsx';
import { AuditHistory } from './AuditHistory.tsx';

interface ImageHistoryDialogProps {
  formId: number;
  imageId: number;
  imageName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ImageHistoryDialog({ formId, imageId, imageName, open, ...frame }: ImageHistoryDialogProps) {
  // The owner's page has the form already: its field labels name the fields of each change.
  const { t } = useT();
  const form = useForm(formId);
  return (
    <DialogFrame
      open={open}
      title={t('progress.audit.imageHistory')}
      description={t('progress.audit.imageHistoryDescription', { name: imageName })}
      {...frame}
    >
      {open && <AuditHistory formId={formId} fields={form.data?.fields ?? []} filters={{ imageId }} />}
    </DialogFrame>
  );
}
