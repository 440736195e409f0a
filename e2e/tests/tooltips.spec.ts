/**
 * Icon buttons name themselves in a tooltip (spec section 9: open after 700 ms, 300 ms skip while
 * moving between them, on Tab but not on focus moved by script). The tooltip code is not part of
 * the pages' startup: it arrives after the entry page's scan, or at the first hover or focus on
 * an icon button. Its arrival must go unnoticed: focus stays where it was, and a pointer resting
 * on a button opens its tooltip at the next move.
 */
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createFormWithImages } from '../support/api.ts';
import { makeImageFiles } from '../support/images.ts';
import { tabTo } from '../support/keyboard.ts';
import { verifiedOwner } from '../support/owner.ts';

const TOOLTIP_CODE = /\/assets\/tooltipParts-[\w-]+\.js$/;
const FIELDS = [
  { id: 'name', type: 'text', label: 'Name', order: 0, required: true },
  { id: 'parish', type: 'text', label: 'Parish', order: 1 },
];

let ownerSession: Awaited<ReturnType<BrowserContext['storageState']>>;
let formId: number;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const owner = await context.newPage();
  await verifiedOwner(owner, 'tooltip-owner');
  const files = await makeImageFiles(2);
  ({ id: formId } = await createFormWithImages(owner, {
    name: 'Tooltip Parish',
    fields: FIELDS,
    threshold: 1,
    imageFiles: files.jpegs,
  }));
  // The entry page's tutorial would cover the toolbar.
  expect((await owner.request.post('/api/tutorial/data-entry/complete')).status()).toBe(200);
  ownerSession = await context.storageState();
  await context.close();
});

/** A fresh browser (nothing cached) signed in as the owner. */
async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: ownerSession });
  return context.newPage();
}

/** Opens `path` as the owner with the tooltip code's download held until `release` is called. */
async function openWithTooltipCodeHeld(browser: Browser, path: string): Promise<{ page: Page; release: () => void }> {
  const page = await ownerPage(browser);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(TOOLTIP_CODE, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path);
  return { page, release };
}

/** Radix has wrapped the button once it carries its trigger state. */
async function expectTooltipCodeIn(button: Locator) {
  await expect(button).toHaveAttribute('data-state', /closed|open/);
}

/**
 * Under this, a tooltip skipped its open delay; at or over it, it waited. Radix starts its 700 ms
 * timer on the pointer's move, so a tooltip that waited cannot show sooner, and one that skipped
 * shows within a frame or two, even on a busy machine.
 */
const SKIPPED_BELOW_MS = 600;

/**
 * Runs `movePointer` (which brings the pointer onto a trigger) and returns how long after that
 * move, by the page's own clock, a tooltip saying `label` appeared. Timed in the page, so a slow
 * test runner cannot make a delay look shorter or longer than the user would see it.
 */
async function tooltipDelay(page: Page, label: string, movePointer: () => Promise<void>): Promise<number> {
  await page.evaluate((text) => {
    const times = { moved: 0, shown: 0 };
    Object.assign(window, { tooltipTimes: times });
    document.addEventListener('pointermove', () => (times.moved ||= performance.now()), { capture: true, once: true });
    // This label's tooltip: the one open before (a neighbour's) may still be on its way out.
    new MutationObserver((_, observer) => {
      if (document.querySelector('[role="tooltip"]')?.textContent !== text) return;
      times.shown = performance.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, label);
  await movePointer();
  await expect(page.getByRole('tooltip')).toHaveText(label, { timeout: 3_000 });
  return page.evaluate(() => {
    const { moved, shown } = (window as unknown as { tooltipTimes: { moved: number; shown: number } }).tooltipTimes;
    return shown - moved;
  });
}

/** Moves the pointer onto `button`: the tooltip waits its 700 ms, then shows `label`. */
async function expectDelayedTooltip(page: Page, button: Locator, label: string) {
  expect(await tooltipDelay(page, label, () => button.hover())).toBeGreaterThanOrEqual(SKIPPED_BELOW_MS);
}

/** Straight on to the neighbour: its tooltip shows without the open delay. */
async function expectSkippedDelay(page: Page, neighbour: Locator, label: string) {
  expect(await tooltipDelay(page, label, () => neighbour.hover())).toBeLessThan(SKIPPED_BELOW_MS);
}

async function pointerAway(page: Page) {
  // In steps: Radix keeps a tooltip open while the pointer may be on its way into it.
  await page.mouse.move(5, 5, { steps: 10 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // Past the skip delay: the next tooltip waits again.
  await page.waitForTimeout(400);
}

async function activeElementLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

test('the entry page downloads the tooltip code only after its scan has loaded', async ({ browser }) => {
  const page = await ownerPage(browser);
  let tooltipCodeRequestedAt = 0;
  const finishedImages = new Map<string, number>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image') finishedImages.set(request.url(), Date.now());
  });
  page.on('request', (request) => {
    if (TOOLTIP_CODE.test(request.url())) tooltipCodeRequestedAt = Date.now();
  });

  await page.goto(`/forms/${formId}/entry`);
  const scan = page.getByRole('region', { name: 'Form image' }).getByRole('img');
  await expectTooltipCodeIn(page.getByRole('button', { name: 'Zoom in' }));
  const scanUrl = await scan.evaluate((img: HTMLImageElement) => img.src);
  const scanLoadedAt = finishedImages.get(scanUrl) ?? 0;
  expect(scanLoadedAt, `the scan ${scanUrl} was downloaded`).toBeGreaterThan(0);
  expect(tooltipCodeRequestedAt).toBeGreaterThan(scanLoadedAt);
  await page.context().close();
});

test('entry toolbar: focus survives the tooltip code arriving; hover waits, neighbours skip, Tab shows', async ({
  browser,
}) => {
  const { page, release } = await openWithTooltipCodeHeld(browser, `/forms/${formId}/entry`);
  // The page puts focus in its first field; then a script moves it to a toolbar button.
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();

  // Focused before the tooltip code is in: the same button keeps focus once it is.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const wrappedWhenFocused = await zoomIn.evaluate((button) => {
    button.focus();
    return button.hasAttribute('data-state');
  });
  expect(wrappedWhenFocused).toBe(false);
  release();
  await expectTooltipCodeIn(zoomIn);
  expect(await activeElementLabel(page)).toBe('Zoom in');
  // Focus moved by script shows no tooltip.
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await expectDelayedTooltip(page, page.getByRole('button', { name: 'Rotate left' }), 'Rotate left');
  await expectSkippedDelay(page, page.getByRole('button', { name: 'Rotate right' }), 'Rotate right (Alt + R)');
  await pointerAway(page);

  // Zoom in, Reset zoom, Rotate left.
  await zoomIn.focus();
  await tabTo(page, page.getByRole('button', { name: 'Rotate left' }), { maxPresses: 2 });
  await expect(page.getByRole('tooltip')).toHaveText('Rotate left');
  await page.context().close();
});

test('owner page: a pointer resting on a button when the tooltip code arrives opens it at the next move', async ({
  browser,
}) => {
  const { page, release } = await openWithTooltipCodeHeld(browser, `/forms/${formId}?tab=fields`);

  const editField = page.getByRole('button', { name: 'Edit field' }).first();
  const cloneField = page.getByRole('button', { name: 'Clone field' }).first();
  await editField.hover();
  expect(await editField.getAttribute('data-state')).toBeNull();
  release();
  await expectTooltipCodeIn(editField);
  const box = await editField.boundingBox();
  if (!box) throw new Error('Edit field has no box');
  const delay = await tooltipDelay(page, 'Edit field', () =>
    page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2),
  );
  expect(delay).toBeGreaterThanOrEqual(SKIPPED_BELOW_MS);

  await expectSkippedDelay(page, cloneField, 'Clone field');
  await pointerAway(page);
  await expectDelayedTooltip(page, editField, 'Edit field');
  await pointerAway(page);

  await editField.focus();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.keyboard.press('Tab');
  expect(await activeElementLabel(page)).toBe('Clone field');
  await expect(page.getByRole('tooltip')).toHaveText('Clone field');
  await page.context().close();
});
