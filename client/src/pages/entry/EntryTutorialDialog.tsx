import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { useCompleteDataEntryTutorial } from '../../api/entry.ts';
import { DialogFrame } from '../../components/forms/DialogFrame.tsx';
import { ProgressBar, percentOf } from '../../components/forms/ProgressBar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { ENTRY_TUTORIAL_STEPS } from './entryTutorialSteps.ts';

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
  min-height: 10rem;
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
  gap: 0.75rem;
`;

const navStyles = css`
  display: flex;
  gap: 0.5rem;
  margin-left: auto;
`;

interface EntryTutorialDialogProps {
  /** Called once the tour ends, by finishing or skipping, after the completion call has answered. */
  onDone: () => void;
}

/**
 * The four-step data-entry tour, shown once: finishing or skipping (also Escape) records it
 * with one call, and the user query takes the answer so it does not open again.
 */
export function EntryTutorialDialog({ onDone }: EntryTutorialDialogProps) {
  const [open, setOpen] = useState(true);
  const [stepIndex, setStepIndex] = useState(0);
  const completeTutorial = useCompleteDataEntryTutorial();
  const finished = useRef(false);
  const stepCount = ENTRY_TUTORIAL_STEPS.length;
  const step = ENTRY_TUTORIAL_STEPS[stepIndex];
  const isLastStep = stepIndex === stepCount - 1;
  const percent = percentOf(stepIndex + 1, stepCount);

  async function finish() {
    // Finishing, skipping and Escape all end the tour; only the first of them is recorded.
    if (finished.current) return;
    finished.current = true;
    setOpen(false);
    try {
      await completeTutorial.mutateAsync();
    } catch {
      showToast({ title: 'Failed to mark tutorial as complete', variant: 'destructive' });
    } finally {
      onDone();
    }
  }

  if (!step) return null;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(nextOpen) => {
        if (!nextOpen) void finish();
      }}
      title="Data Entry Tutorial"
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
          <Button variant="ghost" onClick={() => void finish()}>
            Skip Tutorial
          </Button>
        )}
        <div css={navStyles}>
          <Button variant="secondary" onClick={() => setStepIndex((index) => index - 1)} disabled={stepIndex === 0}>
            Previous
          </Button>
          {isLastStep ? (
            <Button onClick={() => void finish()}>Get Started!</Button>
          ) : (
            <Button onClick={() => setStepIndex((index) => index + 1)}>Next</Button>
          )}
        </div>
      </div>
    </DialogFrame>
  );
}
