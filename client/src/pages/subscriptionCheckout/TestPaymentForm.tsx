import { css } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { useConfirmTestPayment } from '../../api/billing.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormStack } from '../../components/ui/Card.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { paymentFailedFallback } from '../billing/subscriptionToasts.ts';
import { type PaymentOutcome, paymentErrorMessage } from './paymentOutcome.ts';
import {
  formatCardNumber,
  formatExpiry,
  type TestCard,
  type TestCardErrors,
  validateTestCard,
} from './testCardInput.ts';

const rowStyles = css`
  display: grid;
  /* minmax(0, …): an input's own width must not push the second column out of the card. */
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 1rem;
  input {
    min-width: 0;
  }
`;

interface TestPaymentFormProps {
  clientSecret: string;
  submitLabel: string;
  onOutcome: (outcome: PaymentOutcome) => void;
}

/**
 * The built-in test provider's card form (no Stripe keys configured): the card number goes to
 * our own server, which answers as Stripe would for its test cards. Nothing is charged.
 */
export function TestPaymentForm({ clientSecret, submitLabel, onOutcome }: TestPaymentFormProps) {
  const { t } = useT();
  const [card, setCard] = useState<TestCard>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<TestCardErrors>({});
  // A refusal stays beside the card (the toast goes after a few seconds) until the card changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = useConfirmTestPayment();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateTestCard(card);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    confirm.mutate(
      { clientSecret, cardNumber: card.cardNumber },
      {
        onSuccess: () => onOutcome({ kind: 'succeeded' }),
        onError: (error) => {
          const message = paymentErrorMessage(error);
          setRefusal(message ? translateServerMessage(message) : paymentFailedFallback());
          onOutcome({ kind: 'failed', message });
        },
      },
    );
  }

  return (
    <FormStack aria-label={t('account.checkout.paymentFormLabel')} onSubmit={submit} noValidate>
      <TextField
        label={t('account.checkout.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={card.cardNumber}
        error={errors.cardNumber ? t(errors.cardNumber) : refusal}
        announceError={!errors.cardNumber && refusal !== null}
        onChange={(event) => {
          setRefusal(null);
          setCard({ ...card, cardNumber: formatCardNumber(event.target.value) });
        }}
      />
      <div css={rowStyles}>
        <TextField
          label={t('account.checkout.card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('account.checkout.card.expiryPlaceholder')}
          value={card.expiry}
          error={errors.expiry && t(errors.expiry)}
          onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
        />
        <TextField
          label={t('account.checkout.card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          error={errors.cvc && t(errors.cvc)}
          onChange={(event) => setCard({ ...card, cvc: event.target.value.replace(/\D/g, '') })}
        />
      </div>
      <Button type="submit" fullWidth disabled={confirm.isPending}>
        {confirm.isPending ? t('account.checkout.processing') : submitLabel}
      </Button>
    </FormStack>
  );
}
