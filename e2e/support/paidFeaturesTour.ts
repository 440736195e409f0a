/**
 * The paid features' screens on a 375-pixel phone: the tour world (tourWorld.ts) with an owner who
 * paid for Starter with the test card (so Account Activity has a row) and a form whose Name field
 * has a region (so the entry page shows the guided crop). Both phone specs walk this list.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { PHONE_VIEWPORT } from './a11y.ts';
import { EVERY_FIELD_TYPE, FORM_NAME, prepareTourWorld, type TourWorld } from './tourWorld.ts';

export { FORM_NAME, type TourWorld } from './tourWorld.ts';

/**
 * The Name field's box on the tour's scans: a block a third of the page wide and a fifth high (a
 * name written over several lines), so the short crop of a phone must zoom it less than a wide
 * window's view does.
 */
export const NAME_REGION = { x: 0.1, y: 0.2, w: 0.35, h: 0.2 };

/** The six tabs of the owner page, in order (Insights' content is another spec's). */
export const OWNER_TAB_NAMES = [/^Dashboard/, /^Fields/, /^Images/, /^Users/, /^Data/, /^Insights/];

/** Pays for Starter through the test provider's card form endpoint, as the checkout page does. */
async function payForStarter(owner: Page) {
  const started = await owner.request.post('/api/create-subscription', { data: { planId: 'starter' } });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const paid = await owner.request.post('/api/test-payments/confirm', {
    data: { clientSecret, cardNumber: '4242424242424242' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

async function giveNameFieldARegion(owner: Page, formId: number) {
  const fields = EVERY_FIELD_TYPE.map((field) => (field.id === 'name' ? { ...field, region: NAME_REGION } : field));
  const patched = await owner.request.patch(`/api/forms/${formId}`, { data: { fields } });
  expect(patched.status(), await patched.text()).toBe(200);
}

export async function preparePaidFeaturesTour(browser: Browser): Promise<TourWorld> {
  const world = await prepareTourWorld(browser, { viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
  await payForStarter(world.owner);
  await giveNameFieldARegion(world.owner, world.formId);
  return world;
}

/**
 * Builds the tour once before the spec's tests and closes its browsers after them; the returned
 * function gives the world to tests (it exists once beforeAll has run).
 */
export function usePaidFeaturesTour(): () => TourWorld {
  let world: TourWorld | undefined;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    world = await preparePaidFeaturesTour(browser);
  });
  test.afterAll(async () => {
    await Promise.all(world?.contexts.map((context) => context.close()) ?? []);
  });
  return () => {
    if (!world) throw new Error('the paid features tour was not prepared');
    return world;
  };
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function visit(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(h1(page, heading)).toBeVisible();
}

export async function openOwnerTab(page: Page, formId: number, tab: string) {
  await visit(page, `/forms/${formId}?tab=${tab}`, FORM_NAME);
  await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`, 'i'), selected: true })).toBeVisible();
}

/** The campaign dialog with its preview shown (the tour's one contributor and one submission). */
export async function openCampaignPreview(page: Page, formId: number): Promise<Locator> {
  await openOwnerTab(page, formId, 'dashboard');
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Send Progress Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Progress Email' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Campaign preview' });
  await expect(preview).toBeVisible();
  return preview;
}

/** The entry page (a first visit) past its tutorial, with the Name field focused: the viewer shows its box. */
export async function openEntryOnNameField(page: Page, formId: number) {
  await page.goto(`/forms/${formId}/entry`);
  // Each spec's contributor comes here once, so the tutorial of a first visit always opens.
  const tutorial = page.getByRole('dialog', { name: 'Data Entry Tutorial' });
  await tutorial.getByRole('button', { name: 'Skip Tutorial' }).click();
  await expect(tutorial).toBeHidden();
  await page.getByRole('textbox', { name: 'Name', exact: true }).focus();
  await expect(page.getByTestId('region-status')).toHaveText('Showing: Name');
}

export interface PaidScreen {
  name: string;
  role: 'owner' | 'contributor' | 'admin';
  show: (page: Page, world: TourWorld) => Promise<void>;
}

/** Every screen of the paid features, and the owner page's tabs (Insights is left to its own spec). */
export const PAID_SCREENS: PaidScreen[] = [
  {
    name: 'billing',
    role: 'owner',
    show: async (page) => {
      await visit(page, '/billing', 'Billing & Subscription');
      await expect(page.getByRole('region', { name: 'Account Activity' }).getByText('Paid')).toBeVisible();
    },
  },
  {
    name: 'checkout',
    role: 'owner',
    show: async (page) => {
      await visit(page, '/subscription-checkout?plan=professional&upgrade=true', 'Upgrade Your Subscription');
      await expect(page.getByRole('form', { name: 'Payment details' })).toBeVisible();
    },
  },
  {
    name: 'profile-api-tokens',
    role: 'owner',
    show: async (page) => {
      await visit(page, '/profile', 'Profile');
      await expect(page.getByRole('heading', { name: 'API Tokens' })).toBeVisible();
    },
  },
  { name: 'api-docs', role: 'owner', show: (page) => visit(page, '/api-docs', /Formscribe API/) },
  ...['dashboard', 'fields', 'images', 'users', 'data'].map(
    (tab): PaidScreen => ({
      name: `owner-${tab}-tab`,
      role: 'owner',
      show: (page, world) => openOwnerTab(page, world.formId, tab),
    }),
  ),
  {
    name: 'owner-campaign-preview',
    role: 'owner',
    show: async (page, world) => {
      await openCampaignPreview(page, world.formId);
    },
  },
  {
    name: 'super-admin-users',
    role: 'admin',
    show: async (page) => {
      await visit(page, '/super-admin', 'Super Admin');
      await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
    },
  },
  { name: 'entry', role: 'contributor', show: (page, world) => openEntryOnNameField(page, world.formId) },
];
