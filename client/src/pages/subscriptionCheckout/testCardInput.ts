/**
 * The built-in test provider's card form: light checks so a typo is caught here; whether the
 * card pays is the server's answer (Stripe's test numbers: 4242… pays, 4000…0002 is declined).
 */
import { TEST_CARDS } from '@formscribe/common/schemas/billing';

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type TestCardErrors = Partial<Record<keyof TestCard, string>>;

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
  if (number.length < 12 || number.length > 19) errors.cardNumber = 'Enter a card number';

  const [month, year] =
    digitsOnly(card.expiry)
      .match(/^(\d{2})(\d{2})$/)
      ?.slice(1)
      .map(Number) ?? [];
  if (month === undefined || year === undefined || month < 1 || month > 12) {
    errors.expiry = 'Enter the expiry as MM / YY';
  } else {
    const endOfExpiryMonth = new Date(2000 + year, month, 1);
    if (endOfExpiryMonth <= today) errors.expiry = 'This card has expired';
  }

  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit CVC';
  return errors;
}

export const TEST_CARD_HINT = [
  { number: TEST_CARDS.succeeds, outcome: 'succeeds' },
  { number: TEST_CARDS.declined, outcome: 'is declined' },
  { number: TEST_CARDS.insufficientFunds, outcome: 'fails for insufficient funds' },
] as const;
