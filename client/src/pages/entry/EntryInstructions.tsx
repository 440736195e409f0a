/**
 * The owner's instructions for contributors: shown in a dialog before the first image of a visit
 * until this browser has seen them (formInstructions.ts), and again from the header's
 * Instructions button. Closing the first showing hands focus to the first field to type in.
 */
import type { FormResponse } from '@formscribe/common/schemas/form';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useT } from '../../i18n/useT.ts';
import { type FormInstructions, instructionsSeen, rememberInstructionsSeen } from './formInstructions.ts';

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

const LazyInstructionsDialog = lazy(() =>
  import('./EntryInstructionsDialog.tsx').then((module) => ({ default: module.InstructionsDialog })),
);

/** The dialog, loaded the first time it opens and kept from then on (so it can animate closed). */
export function InstructionsDialog({ instructions }: { instructions: FormInstructions }) {
  const [startsOpen] = useState(instructions.open);
  const [wanted, setWanted] = useState(instructions.open);
  if (instructions.open && !wanted) setWanted(true);
  if (!wanted || !instructions.text) return null;
  return (
    <Suspense fallback={null}>
      <LazyInstructionsDialog instructions={instructions} startsOpen={startsOpen} />
    </Suspense>
  );
}
