/**
 * Every screen in Arabic on a 375 × 667 phone (issue 29): laid out right to left with nothing cut
 * off at either edge, no page-wide sideways scroll, 44-pixel tap targets, and zero axe violations
 * at WCAG 2.2 AA. The same tour as the English phone and axe checks (support/screenTour.ts), its
 * words taken from the Arabic catalogue.
 */
import { expect, test } from '@playwright/test';
import { expectFitsPhone, expectNoAxeViolations, PHONE_VIEWPORT } from '../support/a11y.ts';
import { pageFor, prepareTourWorld, type TourWorld, tourScreens } from '../support/screenTour.ts';

let world: TourWorld;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  world = await prepareTourWorld(browser, { viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true }, 'ar');
});

test.afterAll(async () => {
  await Promise.all(world?.contexts.map((context) => context.close()) ?? []);
});

for (const role of ['signedOut', 'owner', 'contributor', 'admin'] as const) {
  test(`every ${role} screen in Arabic fits a 375-pixel phone, right to left, and passes axe`, async () => {
    test.setTimeout(240_000);
    const testInfo = test.info();
    for (const screen of tourScreens(world).filter((s) => s.role === role)) {
      await test.step(screen.name, async () => {
        const page = pageFor(world, screen);
        await screen.show(page);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
        await expectFitsPhone(page, testInfo, `ar-${screen.name}`);
        await expectNoAxeViolations(page, `ar ${screen.name}`);
      });
    }
  });
}
