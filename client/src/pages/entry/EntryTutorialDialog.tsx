import { useRef, useState } from 'react';
import { useCompleteDataEntryTutorial } from '../../api/entry.ts';
import { StepTutorialDialog } from '../../components/tutorial/StepTutorialDialog.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { entryTutorialSteps } from './entryTutorialSteps.ts';

interface EntryTutorialDialogProps {
  /** Called once the tour ends, by finishing or skipping, after the completion call has answered. */
  onDone: () => void;
}

/**
 * The four-step data-entry tour, shown once: finishing or skipping (also Escape) records it
 * with one call, and the user query takes the answer so it does not open again.
 */
export function EntryTutorialDialog({ onDone }: EntryTutorialDialogProps) {
  const translator = useT();
  const { t } = translator;
  const [open, setOpen] = useState(true);
  const [stepIndex, setStepIndex] = useState(0);
  const completeTutorial = useCompleteDataEntryTutorial();
  const finished = useRef(false);

  async function finish() {
    // Finishing, skipping and Escape all end the tour; only the first of them is recorded.
    if (finished.current) return;
    finished.current = true;
    setOpen(false);
    try {
      await completeTutorial.mutateAsync();
    } catch {
      showToast({ title: t('entry.toast.tutorialFailed'), variant: 'destructive' });
    } finally {
      onDone();
    }
  }

  return (
    <StepTutorialDialog
      open={open}
      title={t('entry.tutorial.title')}
      steps={entryTutorialSteps(translator)}
      stepIndex={stepIndex}
      onStepIndexChange={setStepIndex}
      finishLabel={t('entry.tutorial.finish')}
      onFinish={() => void finish()}
      stepMinHeight="10rem"
    />
  );
}
