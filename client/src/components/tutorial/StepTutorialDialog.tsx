/**
 * The step-by-step tour dialog both tours use (data entry, the owner's dashboard). Each caller
 * gives its steps and labels in the language in use; the counter and buttons are worded here.
 */
import { css } from '@emotion/react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { Button } from '../ui/Button.tsx';
import { DialogFrame } from '../ui/DialogFrame.tsx';
import { ProgressBar, percentOf } from '../ui/ProgressBar.tsx';

/** One page of a tutorial: a heading, a short paragraph and a few tips. */
export interface TutorialStep {
  title: string;
  body: string;
  tips: readonly string[];
}

const counterStyles = css`
  display: flex;
  justify-content: space-between;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const stepStyles = (minHeight: string) => css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  min-height: ${minHeight};
  h3 {
    font-size: ${theme.fontSizes.large};
  }
  ul {
    margin: 0;
    padding-inline-start: 1.25rem;
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
  margin-inline-start: auto;
`;

interface StepTutorialDialogProps {
  open: boolean;
  title: string;
  steps: readonly TutorialStep[];
  /** The caller holds the step so it can rewind the tour when it ends (the owner's tour can reopen). */
  stepIndex: number;
  onStepIndexChange: (stepIndex: number) => void;
  /** The label of the last step's button, which ends the tour. */
  finishLabel: string;
  /** Skipping, the last button and Escape all end the tour the same way. */
  onFinish: () => void;
  /** True while the completion is being recorded: the buttons that end the tour wait for it. */
  finishing?: boolean;
  /** Tours differ in how much text a step holds; a fixed height keeps the buttons from jumping. */
  stepMinHeight: string;
}

/** A step-by-step tour with Previous, Next, Skip Tutorial and a "Step n of N" counter with percent. */
export function StepTutorialDialog({
  open,
  title,
  steps,
  stepIndex,
  onStepIndexChange,
  finishLabel,
  onFinish,
  finishing = false,
  stepMinHeight,
}: StepTutorialDialogProps) {
  const { t } = useT();
  const stepCount = steps.length;
  const step = steps[stepIndex];
  const isLastStep = stepIndex === stepCount - 1;
  const percent = percentOf(stepIndex + 1, stepCount);

  if (!step) return null;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(nextOpen) => {
        if (!nextOpen) onFinish();
      }}
      title={title}
      hideClose
    >
      <div css={counterStyles}>
        <span>{t('common.stepTutorial.step', { step: stepIndex + 1, count: stepCount })}</span>
        <span>{t('common.percent', { value: percent / 100 })}</span>
      </div>
      <ProgressBar percent={percent} label={t('common.stepTutorial.progress')} />
      <div css={stepStyles(stepMinHeight)} aria-live="polite">
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
          <Button variant="ghost" onClick={onFinish} disabled={finishing}>
            {t('common.stepTutorial.skip')}
          </Button>
        )}
        <div css={navStyles}>
          <Button variant="secondary" onClick={() => onStepIndexChange(stepIndex - 1)} disabled={stepIndex === 0}>
            {t('common.previous')}
          </Button>
          {isLastStep ? (
            <Button onClick={onFinish} disabled={finishing}>
              {finishLabel}
            </Button>
          ) : (
            <Button onClick={() => onStepIndexChange(stepIndex + 1)}>{t('common.next')}</Button>
          )}
        </div>
      </div>
    </DialogFrame>
  );
}
