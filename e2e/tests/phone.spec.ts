/**
 * Every screen on a 375 × 667 phone: a full-page screenshot of each in the test's output folder,
 * no page-wide horizontal scroll (wide tables scroll inside their own box), nothing cut off at
 * the edge, and tap targets of at least 44 px.
 */
import { test } from '@playwright/test';
import { expectFitsPhone, PHONE_VIEWPORT } from '../support/a11y.ts';
import { pageFor, prepareTourWorld, type TourWorld, tourScreens } from '../support/screenTour.ts';

let world: TourWorld;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  world = await prepareTourWorld(browser, { viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
});

test.afterAll(async () => {
  await Promise.all(world?.contexts.map((context) => context.close()) ?? []);
});

for (const role of ['signedOut', 'owner', 'contributor', 'admin'] as const) {
  test(`every ${role} screen fits a 375-pixel phone`, async () => {
    test.setTimeout(180_000);
    const testInfo = test.info();
    for (const screen of tourScreens(world).filter((s) => s.role === role)) {
      await test.step(screen.name, async () => {
        const page = pageFor(world, screen);
        await screen.show(page);
        await expectFitsPhone(page, testInfo, screen.name);
      });
    }
  });
}
