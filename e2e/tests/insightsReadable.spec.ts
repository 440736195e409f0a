/**
 * The Insights tab read as a person reads it: on a 375-pixel phone it passes axe and never
 * swipes sideways (its wide tables scroll inside boxes a keyboard can reach); at 1366 pixels
 * throughput is charted with axes and ticks over the days that had activity, its rate says what
 * it is taken over, both charts answer the pointer and the keyboard, and a figure with nothing
 * behind it says so instead of '– of 0'.
 */
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectFitsPhone, expectNoAxeViolations, PHONE_VIEWPORT } from '../support/a11y.ts';
import { keepScreenshot } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { contributorByApi, createInvite } from '../support/contributors.ts';
import { makeImageFiles } from '../support/images.ts';
import { professionalOwner } from '../support/professional.ts';

const FIELDS = [{ id: 'name', type: 'text', label: 'Name', order: 0, required: true }];
const DESKTOP = { width: 1366, height: 900 };

let ownerSession: Awaited<ReturnType<BrowserContext['storageState']>>;
/** Four images: two contributors agree on three of them today, and disagree on the fourth. */
let busyFormId: number;
/** One image and no entry at all. */
let emptyFormId: number;

async function submit(contributor: APIRequestContext, formId: number, imageId: number, name: string) {
  const res = await contributor.post(`/api/forms/${formId}/submissions`, { data: { imageId, data: { name } } });
  expect(res.status()).toBe(201);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const owner = await context.newPage();
  await professionalOwner(owner, 'insights-readable');
  const files = await makeImageFiles(4);
  const busy = await createFormWithImages(owner, {
    name: 'Parish Census 1881',
    fields: FIELDS,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  busyFormId = busy.id;
  emptyFormId = (
    await createFormWithImages(owner, {
      name: 'Parish Census 1891',
      fields: FIELDS,
      threshold: 2,
      imageFiles: files.jpegs.slice(0, 1),
    })
  ).id;
  const { token } = await createInvite(owner, busy.id);
  const alice = await contributorByApi(owner, token, 'alice');
  const bob = await contributorByApi(owner, token, 'bob');
  for (const [index, imageId] of busy.imageIds.entries()) {
    const name = `Person ${index + 1}`;
    await submit(alice.api, busy.id, imageId, name);
    await submit(bob.api, busy.id, imageId, index === 3 ? 'Someone else' : name);
  }
  ownerSession = await context.storageState();
  await context.close();
});

async function insightsPage(browser: Browser, formId: number, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({ ...options, storageState: ownerSession });
  const page = await context.newPage();
  await page.goto(`/forms/${formId}?tab=insights`);
  return page;
}

/** Every section has its figures on screen. */
async function waitForInsights(page: Page) {
  await expect(page.getByTestId('heat-count-complete')).toBeVisible();
  await expect(page.getByTestId('insights-forecast')).toBeVisible();
  await expect(page.getByTestId('agreement-table').getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('field-difficulty-table').getByRole('row')).toHaveCount(2);
}

test('on a 375-pixel phone the Insights tab passes axe, does not scroll sideways, and its tables take focus', async ({
  browser,
}) => {
  const page = await insightsPage(browser, busyFormId, { viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
  await waitForInsights(page);
  await expectNoAxeViolations(page, 'Insights tab at 375 px');
  // Not innerWidth: a mobile browser widens its layout viewport to fit a page that is too wide.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'the page is no wider than the phone',
  ).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await expectFitsPhone(page, test.info(), 'insights');
  // The field difficulty table is wider than the phone: a keyboard reaches its box and scrolls it.
  const box = page.getByRole('region', { name: 'Field difficulty table' });
  await box.focus();
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await page.context().close();
});

/** 'May 4' for the UTC day `daysBefore` today, as the chart labels days. */
function dayLabel(daysBefore: number): string {
  const day = new Date(Date.now() - daysBefore * 86_400_000);
  return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day);
}

test('at 1366 px throughput is charted over the days with activity, with axes, ticks, a tooltip and an honest rate', async ({
  browser,
}) => {
  const page = await insightsPage(browser, busyFormId, { viewport: DESKTOP });
  await waitForInsights(page);
  const throughput = page.getByRole('region', { name: 'Throughput', exact: true });
  // Three images completed today, and one left: today's count, not 3 spread over 14 days.
  await expect(throughput.getByTestId('insights-rate')).toHaveText('1 image left · 3 images completed today');

  // Everything happened today: the chart spans the last week, not sixty days with a sliver of activity.
  const chart = throughput.getByTestId('throughput-chart');
  const dayTicks = chart.locator('.throughput-day-axis .visx-axis-tick');
  await expect(dayTicks).toHaveText(Array.from({ length: 7 }, (_, index) => dayLabel(6 - index)));
  // The count axis fits the busiest day (8 submissions) with whole-number ticks.
  await expect(chart.locator('.throughput-count-axis .visx-axis-tick')).toHaveText(['0', '2', '4', '6', '8']);
  const table = throughput.getByTestId('throughput-table');
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table.getByRole('row', { name: dayLabel(0) })).toHaveText(`${dayLabel(0)}832`);

  // A day's figures: under the pointer, and by keyboard through the live reading.
  await chart.locator('rect[data-testid^="throughput-day-"]').last().hover();
  await expect(throughput.getByTestId('throughput-tooltip')).toHaveText(
    `${dayLabel(0)}: 8 submissions, 3 images completed, 2 contributors`,
  );
  await chart.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(throughput.getByTestId('throughput-tooltip')).toHaveText(
    `${dayLabel(1)}: 0 submissions, 0 images completed, 0 contributors`,
  );
  await expect(throughput.locator('[aria-live="polite"]')).toHaveText(
    `${dayLabel(1)}: 0 submissions, 0 images completed, 0 contributors`,
  );

  // The heatmap by keyboard: the arrow keys name each image, Enter opens the disputed one.
  const heatmap = page.getByTestId('insights-heatmap');
  await heatmap.focus();
  await expect(page.getByTestId('heatmap-tooltip')).toHaveText('Image 1: Verified');
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('heatmap-tooltip')).toHaveText('Image 4: Disputed');
  await keepScreenshot(page, 'insights-charts');
  await expectNoAxeViolations(page, 'Insights tab at 1366 px, a heatmap cell chosen');
  await page.keyboard.press('Enter');
  const review = page.getByRole('dialog', { name: 'Review Entries' });
  await expect(review.getByText('Someone else')).toBeVisible();

  await page.context().close();
});

test('before any entry, throughput and field difficulty say there is not enough data yet', async ({ browser }) => {
  const page = await insightsPage(browser, emptyFormId, { viewport: DESKTOP });
  const throughput = page.getByRole('region', { name: 'Throughput', exact: true });
  await expect(throughput.getByText('Not enough data yet: the chart starts with the first entry.')).toBeVisible();
  await expect(throughput.getByTestId('insights-rate')).toHaveText('1 image left · No entries in the last 14 days');
  const difficulty = page.getByRole('region', { name: 'Field difficulty', exact: true });
  await expect(difficulty.getByRole('row', { name: /Name/ })).toContainText('Not enough data yet');
  await expect(difficulty).not.toContainText('of 0');
  await page.context().close();
});
