/**
 * The built-in test provider's card form: light checks so a typo is caught here; whether the
 * card pays is the server's answer (Stripe's test numbers: 4242… pays, 4000…0002 is declined).
 */
import { TEST_CARDS } from '@formscribe/common/schemas/billing';
import type { MessageKey } from '../../i18n/messageKeys.ts';

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** What is wrong with each field, as the message to show (the form words it in the reader's language). */
export type TestCardErrors = Partial<Record<keyof TestCard, MessageKey>>;

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", as the user types. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34". */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function validateTestCard(card: TestCard, today = new Date()): TestCardErrors {
  const errors: TestCardErrors = {};
  const number = digitsOnly(card.cardNumber);
  if (number.length < 12 || number.length > 19) errors.cardNumber = 'account.checkout.card.numberInvalid';

  const [month, year] =
    digitsOnly(card.expiry)
      .match(/^(\d{2})(\d{2})$/)
      ?.slice(1)
      .map(Number) ?? [];
  if (month === undefined || year === undefined || month < 1 || month > 12) {
    errors.expiry = 'account.checkout.card.expiryInvalid';
  } else {
    const endOfExpiryMonth = new Date(2000 + year, month, 1);
    if (endOfExpiryMonth <= today) errors.expiry = 'account.checkout.card.expired';
  }

  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'account.checkout.card.cvcInvalid';
  return errors;
}

export const TEST_CARD_HINT = [
  { number: TEST_CARDS.succeeds, outcome: 'account.checkout.testCard.succeeds' },
  { number: TEST_CARDS.declined, outcome: 'account.checkout.testCard.declined' },
  { number: TEST_CARDS.insufficientFunds, outcome: 'account.checkout.testCard.insufficientFunds' },
] as const satisfies ReadonlyArray<{ number: string; outcome: MessageKey }>;
