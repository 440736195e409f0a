/** Moving through a page with the keyboard alone, checking that every stop shows where focus is. */
import { expect, type Locator, type Page } from '@playwright/test';

/** True when the focused element draws a focus indicator (an outline or a focus ring shadow). */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outlined || style.boxShadow !== 'none';
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
    const where = await page.evaluate(() => {
      const element = document.activeElement;
      // The page itself: Tab passed through the browser's own controls.
      if (!element || element === document.body) return null;
      const name = element.getAttribute('aria-label') ?? element.textContent?.slice(0, 30);
      return `${element.tagName} role=${element.getAttribute('role')} type=${element.getAttribute('type')} id=${element.id} "${name}" on ${location.pathname} (${getComputedStyle(element).boxShadow} ${getComputedStyle(element).outlineStyle} ${element.matches(':focus')})`;
    });
    if (where === null) continue;
    expect(await focusIsVisible(page), `focus is visible on ${where}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Focus is somewhere inside `container` (a dialog keeps it while it is open). */
export async function expectFocusWithin(container: Locator) {
  await expect.poll(() => container.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}
