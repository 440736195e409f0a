/**
 * A plan card's list in the reader's language: its limits, read from the plan table, then the
 * features it names. The features are common's English lines (plans.ts); those the catalogue
 * knows are translated, a new one shows in English until it is added here.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import type { Plan } from '@formscribe/common/plans';
import type { MessageKey } from '../../i18n/messageKeys.ts';

const FEATURE_KEYS: Record<string, MessageKey> = {
  'Unlimited data entry': 'account.billing.feature.unlimitedEntry',
  'CSV export': 'account.billing.feature.csvExport',
  'Webhook notifications': 'account.billing.feature.webhooks',
  'Organization branding': 'account.billing.feature.branding',
  'User collaboration': 'account.billing.feature.collaboration',
  'Priority support': 'account.billing.feature.prioritySupport',
  'Advanced analytics': 'account.billing.feature.analytics',
  'API access': 'account.billing.feature.api',
};

export function planFeatureLines(plan: Plan, { t, number }: Translator<MessageKey>): string[] {
  return [
    t('account.billing.activeForms', { count: plan.activeForms }),
    t('account.billing.imagesPerForm', { count: plan.imagesPerForm }),
    t('account.billing.maxImageSize', { size: number(plan.imageSizeMb) }),
    ...plan.features.map((feature) => {
      const key = FEATURE_KEYS[feature];
      return key ? t(key) : feature;
    }),
  ];
}
