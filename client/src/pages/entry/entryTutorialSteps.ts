import type { Translator } from '@formscribe/common/i18n/translator';
import type { TutorialStep } from '../../components/tutorial/StepTutorialDialog.tsx';
import type { MessageKey } from '../../i18n/messageKeys.ts';

/** The four steps of the data-entry tutorial (spec section 2), in the language in use. */
export function entryTutorialSteps({ t }: Pick<Translator<MessageKey>, 't'>): readonly TutorialStep[] {
  return [
    {
      title: t('entry.tutorial.welcomeTitle'),
      body: t('entry.tutorial.welcomeBody'),
      tips: [t('entry.tutorial.welcomeTip1'), t('entry.tutorial.welcomeTip2')],
    },
    {
      title: t('entry.tutorial.qualityTitle'),
      body: t('entry.tutorial.qualityBody'),
      tips: [t('entry.tutorial.qualityTip1'), t('entry.tutorial.qualityTip2')],
    },
    {
      title: t('entry.tutorial.votingTitle'),
      body: t('entry.tutorial.votingBody'),
      tips: [t('entry.tutorial.votingTip1'), t('entry.tutorial.votingTip2')],
    },
    {
      title: t('entry.tutorial.readyTitle'),
      body: t('entry.tutorial.readyBody'),
      tips: [t('entry.tutorial.readyTip1')],
    },
  ];
}
