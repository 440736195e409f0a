/**
 * Amounts travel as integer cents (common/plans, billing history); people read them in their
 * currency, written the way their language writes money ("$19.00", "19,00 $US").
 */
import type { Translator } from '@formscribe/common/i18n/translator';

/** Only the translator's number formatting is needed: components pass `useT()`, toasts `currentTranslator()`. */
export type MoneyFormatter = Pick<Translator, 'number'>;

export function formatMoney(format: MoneyFormatter, cents: number, currency = 'usd'): string {
  return format.number(cents / 100, { style: 'currency', currency: currency.toUpperCase() });
}

/** A plan card's price: whole dollars when there are no cents ("$19"), as the spec writes them. */
export function formatPlanPrice(format: MoneyFormatter, cents: number): string {
  const whole = cents % 100 === 0;
  return format.number(cents / 100, {
    style: 'currency',
    currency: 'USD',
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  });
}
