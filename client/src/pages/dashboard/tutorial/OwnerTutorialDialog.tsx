import { useRef, useState } from 'react';
import { StepTutorialDialog } from '../../../components/tutorial/StepTutorialDialog.tsx';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { ownerTutorialSteps } from './ownerTutorialSteps.ts';
import { useCompleteTutorial } from './useCompleteTutorial.ts';

interface OwnerTutorialDialogProps {
  open: boolean;
  /** Opened right after creating a form: the last button then reads Get Started. */
  afterCreatingForm: boolean;
  /** The user finished it before; nothing is recorded again. */
  alreadyCompleted: boolean;
  /** Called once, after finishing or skipping (and after the completion call, if one was made). */
  onDone: () => void;
}

/** The owner's six-step tour with Previous, Next, Skip Tutorial and a step counter with percent. */
export function OwnerTutorialDialog({ open, afterCreatingForm, alreadyCompleted, onDone }: OwnerTutorialDialogProps) {
  const translator = useT();
  const { t } = translator;
  const [stepIndex, setStepIndex] = useState(0);
  const completeTutorial = useCompleteTutorial();
  const finishing = useRef(false);

  async function finish() {
    // Finishing and skipping both end the tour, and only the first of them counts.
    if (finishing.current) return;
    finishing.current = true;
    if (!alreadyCompleted) {
      try {
        await completeTutorial.mutateAsync();
        const toastWords = currentTranslator();
        showToast({
          title: toastWords.t('account.tutorial.completeToast'),
          description: toastWords.t('account.tutorial.completeToastText'),
        });
      } catch {
        showToast({ title: currentTranslator().t('account.tutorial.completeFailedToast'), variant: 'destructive' });
      }
    }
    setStepIndex(0);
    finishing.current = false;
    onDone();
  }

  return (
    <StepTutorialDialog
      open={open}
      title={t('account.tutorial.title')}
      steps={ownerTutorialSteps(translator)}
      stepIndex={stepIndex}
      onStepIndexChange={setStepIndex}
      finishLabel={afterCreatingForm ? t('account.tutorial.getStarted') : t('account.tutorial.gotIt')}
      onFinish={() => void finish()}
      finishing={completeTutorial.isPending}
      stepMinHeight="11rem"
    />
  );
}
