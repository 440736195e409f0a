/**
 * The owner's instructions for contributors: shown in a dialog before the first image of a visit
 * until this browser has seen them (formInstructions.ts), and again from the header's
 * Instructions button. Closing the first showing hands focus to the first field to type in.
 */
import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { DialogFrame } from '../../components/ui/DialogFrame.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { firstEntryFocusTarget } from './EntryFields.tsx';
import { instructionsSeen, rememberInstructionsSeen } from './formInstructions.ts';

const textStyles = css`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
  line-height: 1.6;
`;

const footerStyles = css`
  display: flex;
  justify-content: flex-end;
  padding-top: 0.5rem;
  border-top: 1px solid ${theme.colors.border};
`;

export interface FormInstructions {
  text: string;
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** The instructions of `form` (empty when it has none) and whether their dialog is open. */
export function useFormInstructions(form: FormResponse): FormInstructions {
  const text = form.instructions?.trim() ?? '';
  const [open, setOpenState] = useState(() => text !== '' && !instructionsSeen(form.id, text));
  return {
    text,
    open: open && text !== '',
    setOpen(next: boolean) {
      if (!next && text) rememberInstructionsSeen(form.id, text);
      setOpenState(next);
    },
  };
}

export function InstructionsButton({ instructions }: { instructions: FormInstructions }) {
  const { t } = useT();
  if (!instructions.text) return null;
  return (
    <Button variant="secondary" aria-haspopup="dialog" onClick={() => instructions.setOpen(true)}>
      {t('entry.instructions.button')}
    </Button>
  );
}

export function InstructionsDialog({ instructions }: { instructions: FormInstructions }) {
  const { t } = useT();
  // Reopened from the button, focus goes back to it; the first showing hands it to the form.
  const [firstShowing, setFirstShowing] = useState(instructions.open);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  if (!instructions.text) return null;
  const close = (open: boolean) => {
    if (!open && firstShowing) {
      returnFocusTo.current = firstEntryFocusTarget();
      setFirstShowing(false);
    } else if (open) returnFocusTo.current = null;
    instructions.setOpen(open);
  };
  return (
    <DialogFrame
      open={instructions.open}
      onOpenChange={close}
      title={t('entry.instructions.button')}
      maxWidth="36rem"
      returnFocusTo={returnFocusTo}
    >
      <p css={textStyles}>{instructions.text}</p>
      <div css={footerStyles}>
        <Button onClick={() => close(false)}>
          {firstShowing ? t('entry.instructions.start') : t('entry.instructions.done')}
        </Button>
      </div>
    </DialogFrame>
  );
}
