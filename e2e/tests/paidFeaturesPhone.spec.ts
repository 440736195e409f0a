/**
 * Every screen of the paid features on a 375-pixel phone (billing with a payment in Account
 * Activity, checkout, the profile's API tokens, /api-docs, the owner page's tabs and campaign
 * preview, the super admin's users, the entry page's guided crop): no serious or critical axe
 * violation, and the page never scrolls sideways (wide content scrolls or stacks in its own box).
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, PHONE_VIEWPORT } from '../support/a11y.ts';
import { PAID_SCREENS, usePaidFeaturesTour } from '../support/paidFeaturesTour.ts';

const tour = usePaidFeaturesTour();

test('every paid-feature screen at 375 px: no serious axe violation, no sideways scroll', async () => {
  test.setTimeout(240_000);
  const world = tour();
  for (const screen of PAID_SCREENS) {
    await test.step(screen.name, async () => {
      const page = world[screen.role];
      await screen.show(page, world);
      await expectNoAxeViolations(page, screen.name, ['serious', 'critical']);
      // Against the phone's own width: a mobile browser widens innerWidth to fit a page that is too wide.
      const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(documentWidth, `${screen.name}: the page scrolls sideways`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    });
  }
});
