import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { DialogFrame } from '../../../components/forms/DialogFrame.tsx';
import { ProgressBar, percentOf } from '../../../components/forms/ProgressBar.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { OWNER_TUTORIAL_STEPS } from './ownerTutorialSteps.ts';
import { useCompleteTutorial } from './useCompleteTutorial.ts';

const counterStyles = css`
  display: flex;
  justify-content: space-between;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const stepStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  min-height: 11rem;
  h3 {
    font-size: ${theme.fontSizes.large};
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.small};
  }
`;

const footerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
`;

const navStyles = css`
  display: flex;
  gap: 0.5rem;
  margin-left: auto;
`;

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
  const [stepIndex, setStepIndex] = useState(0);
  const completeTutorial = useCompleteTutorial();
  const finishing = useRef(false);
  const stepCount = OWNER_TUTORIAL_STEPS.length;
  const step = OWNER_TUTORIAL_STEPS[stepIndex];
  const isLastStep = stepIndex === stepCount - 1;
  const percent = percentOf(stepIndex + 1, stepCount);

  async function finish() {
    // Finishing and skipping both end the tour, and only the first of them counts.
    if (finishing.current) return;
    finishing.current = true;
    if (!alreadyCompleted) {
      try {
        await completeTutorial.mutateAsync();
        showToast({ title: 'Tutorial Complete!', description: "You're ready to start digitizing your forms." });
      } catch {
        showToast({ title: 'Failed to mark tutorial as complete', variant: 'destructive' });
      }
    }
    setStepIndex(0);
    finishing.current = false;
    onDone();
  }

  if (!step) return null;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(nextOpen) => {
        if (!nextOpen) void finish();
      }}
      title="Getting Started"
      hideClose
    >
      <div css={counterStyles}>
        <span>
          Step {stepIndex + 1} of {stepCount}
        </span>
        <span>{percent}%</span>
      </div>
      <ProgressBar percent={percent} label="Tutorial progress" />
      <div css={stepStyles} aria-live="polite">
        <h3>{step.title}</h3>
        <p>{step.body}</p>
        <ul>
          {step.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <div css={footerStyles}>
        {!isLastStep && (
          <Button variant="ghost" onClick={() => void finish()} disabled={completeTutorial.isPending}>
            Skip Tutorial
          </Button>
        )}
        <div css={navStyles}>
          <Button variant="secondary" onClick={() => setStepIndex((index) => index - 1)} disabled={stepIndex === 0}>
            Previous
          </Button>
          {isLastStep ? (
            <Button onClick={() => void finish()} disabled={completeTutorial.isPending}>
              {afterCreatingForm ? 'Get Started' : 'Got It, Thanks!'}
            </Button>
          ) : (
            <Button onClick={() => setStepIndex((index) => index + 1)}>Next</Button>
          )}
        </div>
      </div>
    </DialogFrame>
  );
}
