/** Amounts travel as integer cents (common/plans, billing history); people read them in their currency. */
export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** A plan card's price: whole dollars when there are no cents ("$19"), as the spec writes them. */
export function formatPlanPrice(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : formatMoney(cents);
}
