import { MESSAGES } from '@formscribe/common/messages';
import { type SubscriptionStatusResponse, TEST_CARDS } from '@formscribe/common/schemas/billing';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';

/**
 * Who takes this server's payments, when it matters to the owner: nobody (production without
 * Stripe keys: paid plans are unavailable) or the built-in test provider (no card is charged).
 * Stripe needs no notice.
 */
export function PaymentsNotice({ provider }: { provider: SubscriptionStatusResponse['provider'] }) {
  const { t } = useT();
  if (provider === 'none') {
    return <InlineAlert tone="warning">{translateServerMessage(MESSAGES.paidPlansUnavailable)}</InlineAlert>;
  }
  if (provider === 'test') {
    return (
      <InlineAlert tone="info">
        {translateServerMessage(MESSAGES.testPaymentsOn)}{' '}
        {t('account.billing.payWithTestCard', { card: TEST_CARDS.succeeds })}
      </InlineAlert>
    );
  }
  return null;
}
