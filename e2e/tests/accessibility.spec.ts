/**
 * axe-core on every screen, dialogs and menus open as well as closed, for each role in its own
 * browser context: zero violations of WCAG 2.0, 2.1 and 2.2 A and AA rules.
 */
import { test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { pageFor, prepareTourWorld, type TourWorld, tourScreens } from '../support/screenTour.ts';

let world: TourWorld;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  world = await prepareTourWorld(browser);
});

test.afterAll(async () => {
  await Promise.all(world?.contexts.map((context) => context.close()) ?? []);
});

for (const role of ['signedOut', 'owner', 'contributor', 'admin'] as const) {
  test(`every ${role} screen passes axe at WCAG 2.2 AA`, async () => {
    test.setTimeout(180_000);
    for (const screen of tourScreens(world).filter((s) => s.role === role)) {
      const page = pageFor(world, screen);
      await test.step(screen.name, async () => {
        await screen.show(page);
        await expectNoAxeViolations(page, screen.name);
      });
    }
  });
}
