import type { Translator } from '@formscribe/common/i18n/translator';
import type { TutorialStep } from '../../../components/tutorial/StepTutorialDialog.tsx';
import type { MessageKey } from '../../../i18n/messageKeys.ts';

/** Each step's words: a title, a body and its tips, in the catalogue (account.tutorial.*). */
const STEP_KEYS = [
  {
    title: 'account.tutorial.welcome.title',
    body: 'account.tutorial.welcome.body',
    tips: ['account.tutorial.welcome.tip1', 'account.tutorial.welcome.tip2'],
  },
  {
    title: 'account.tutorial.upload.title',
    body: 'account.tutorial.upload.body',
    tips: ['account.tutorial.upload.tip1', 'account.tutorial.upload.tip2'],
  },
  {
    title: 'account.tutorial.build.title',
    body: 'account.tutorial.build.body',
    tips: ['account.tutorial.build.tip1', 'account.tutorial.build.tip2'],
  },
  {
    title: 'account.tutorial.share.title',
    body: 'account.tutorial.share.body',
    tips: ['account.tutorial.share.tip1', 'account.tutorial.share.tip2'],
  },
  {
    title: 'account.tutorial.entry.title',
    body: 'account.tutorial.entry.body',
    tips: ['account.tutorial.entry.tip1', 'account.tutorial.entry.tip2'],
  },
  {
    title: 'account.tutorial.done.title',
    body: 'account.tutorial.done.body',
    tips: ['account.tutorial.done.tip1'],
  },
] as const satisfies ReadonlyArray<{ title: MessageKey; body: MessageKey; tips: readonly MessageKey[] }>;

/** The six steps of the form owner's tutorial (spec section 2): welcome, upload, build, share, data entry, complete. */
export function ownerTutorialSteps({ t }: Pick<Translator<MessageKey>, 't'>): readonly TutorialStep[] {
  return STEP_KEYS.map((step) => ({ title: t(step.title), body: t(step.body), tips: step.tips.map((tip) => t(tip)) }));
}
