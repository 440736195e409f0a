/** Moving through a page with the keyboard alone, checking that every stop shows where focus is. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The focused element, named for a failure message, and whether it draws a focus indicator. */
async function focusedStop(page: Page): Promise<{ where: string; visible: boolean } | null> {
  // One read of the page: a page leaving between two reads would take the focus with it.
  return page.evaluate(() => {
    const element = document.activeElement;
    // The page itself: Tab passed through the browser's own controls.
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const name = element.getAttribute('aria-label') ?? element.textContent?.slice(0, 30);
    return {
      where: `${element.tagName} role=${element.getAttribute('role')} type=${element.getAttribute('type')} id=${element.id} "${name}" on ${location.pathname} (${style.boxShadow} ${style.outlineStyle} ${element.matches(':focus')})`,
      visible: outlined || style.boxShadow !== 'none',
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, failing if it never does within
 * `maxPresses`, or if any stop on the way hides where focus is.
 */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; maxPresses?: number } = {}) {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  for (let press = 0; press < (options.maxPresses ?? 40); press++) {
    await page.keyboard.press(key);
    const stop = await focusedStop(page);
    if (stop === null) continue;
    expect(stop.visible, `focus is visible on ${stop.where}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Focus is somewhere inside `container` (a dialog keeps it while it is open). */
export async function expectFocusWithin(container: Locator) {
  await expect.poll(() => container.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}
