import { MESSAGES } from '@formscribe/common/messages';
import { type SubscriptionStatusResponse, TEST_CARDS } from '@formscribe/common/schemas/billing';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';

/**
 * Who takes this server's payments, when it matters to the owner: nobody (production without
 * Stripe keys: paid plans are unavailable) or the built-in test provider (no card is charged).
 * Stripe needs no notice.
 */
export function PaymentsNotice({ provider }: { provider: SubscriptionStatusResponse['provider'] }) {
  if (provider === 'none') return <InlineAlert tone="warning">{MESSAGES.paidPlansUnavailable}</InlineAlert>;
  if (provider === 'test') {
    return (
      <InlineAlert tone="info">
        {MESSAGES.testPaymentsOn} Pay with the test card {TEST_CARDS.succeeds}.
      </InlineAlert>
    );
  }
  return null;
}
