/**
 * Stripe Elements, in a chunk of its own: only a checkout served by Stripe loads Stripe.js
 * (the `pure` entry adds its script when loadStripe is called, not on import), so no other page
 * pays for it. Payment is confirmed in place; Stripe redirects only for methods that need it
 * (e.g. 3-D Secure at a bank), and then returns to /subscription-success.
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { FormStack } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { paymentFailedFallback, paymentNotReadyToast } from '../billing/subscriptionToasts.ts';
import type { PaymentOutcome } from './paymentOutcome.ts';

/** One Stripe instance per key for the life of the tab, as Stripe asks. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser back when a payment method needs a redirect. */
  returnUrl: string;
  submitLabel: string;
  onOutcome: (outcome: PaymentOutcome) => void;
}

function ElementsForm({
  returnUrl,
  submitLabel,
  onOutcome,
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret'>) {
  const { t } = useT();
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  // A refusal stays under the card (the toast goes after a few seconds) until the card changes.
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) {
      showToast(paymentNotReadyToast());
      return;
    }
    setSubmitting(true);
    setRefusal(null);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    setSubmitting(false);
    if (result.error) {
      // Stripe words its refusals in the browser's language already.
      setRefusal(result.error.message ?? paymentFailedFallback());
      onOutcome({ kind: 'failed', message: result.error.message });
    } else if (result.paymentIntent.status === 'succeeded') onOutcome({ kind: 'succeeded' });
    else if (result.paymentIntent.status === 'processing') onOutcome({ kind: 'processing' });
    else onOutcome({ kind: 'failed' });
  }

  return (
    <FormStack aria-label={t('account.checkout.paymentFormLabel')} onSubmit={(event) => void submit(event)}>
      <PaymentElement onChange={() => setRefusal(null)} />
      {refusal && <InlineAlert tone="error">{refusal}</InlineAlert>}
      <Button type="submit" fullWidth disabled={submitting}>
        {submitting ? t('account.checkout.processing') : submitLabel}
      </Button>
    </FormStack>
  );
}

export function StripePaymentForm({ publishableKey, clientSecret, ...formProps }: StripePaymentFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <ElementsForm {...formProps} />
    </Elements>
  );
}
