import { expect, type Page } from '@playwright/test';
import { verifiedOwner } from './owner.ts';

/**
 * A new verified owner on the Professional plan, paid through the built-in test provider's routes
 * (the billing journey has its own test of the pages).
 */
export async function professionalOwner(page: Page, prefix: string): Promise<string> {
  const email = await verifiedOwner(page, prefix);
  const started = await page.request.post('/api/create-subscription', { data: { planId: 'professional' } });
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/test-payments/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242' },
  });
  expect(paid.status()).toBe(200);
  return email;
}
