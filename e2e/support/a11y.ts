/**
 * Checks every screen of the browser suite shares: axe-core at WCAG 2.2 AA, and the phone rules
 * (375 px wide: no page-wide horizontal scroll, nothing cut off, tap targets of 44 px).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const PHONE_VIEWPORT = { width: 375, height: 667 };
export const MIN_TAP_TARGET_PX = 44;

/** Colour contrast is measured from the pixels shown: wait until fades and slides have ended. */
export async function waitForAnimations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** The impacts axe gives; the phone tour of the paid features holds the two worst at zero. */
export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

/**
 * Fails (softly, so one run lists every screen's problems) with one readable line per violating
 * element, naming the screen (`context`); `impacts` narrows it to violations of those impacts.
 */
export async function expectNoAxeViolations(page: Page, context: string, impacts?: readonly AxeImpact[]) {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS).analyze();
  const counted = results.violations.filter(
    (violation) => !impacts || impacts.some((impact) => impact === violation.impact),
  );
  const found = counted.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
    ),
  );
  expect.soft(found, `axe violations on ${context}`).toEqual([]);
}

interface PhoneProblems {
  documentWidth: number;
  viewportWidth: number;
  cutOff: string[];
  smallTargets: string[];
}

/**
 * Runs in the page. Interactive elements smaller than the minimum tap target (checkboxes and
 * radios count with their label, which also takes the tap; links inside running text are
 * exempt, as WCAG exempts inline targets), and elements that stick out of the viewport
 * outside a scrolling container (a wide table scrolls inside its own box).
 */
function findPhoneProblems({ minTarget, phoneWidth }: { minTarget: number; phoneWidth: number }): PhoneProblems {
  const describe = (element: Element) => {
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const id = element.id ? `#${element.id}` : '';
    return `<${element.tagName.toLowerCase()}${id}> "${name}"`;
  };
  const isShown = (element: Element) => {
    const box = element.getBoundingClientRect();
    // Visually hidden (1 px, clipped): something else on screen takes the tap, e.g. a label.
    if (box.width <= 1 || box.height <= 1) return false;
    const style = getComputedStyle(element);
    return (
      style.visibility !== 'hidden' && style.display !== 'none' && element.closest('[aria-hidden="true"]') === null
    );
  };
  const insideScroller = (element: Element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const overflow = getComputedStyle(parent).overflowX;
      if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden' || overflow === 'clip') return true;
    }
    return false;
  };
  const isInlineLink = (element: Element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    const parent = element.parentElement;
    return parent !== null && (parent.textContent?.trim().length ?? 0) > (element.textContent?.trim().length ?? 0);
  };
  /** A checkbox, radio or switch is tapped through its label too: measure both together. */
  const targetBox = (element: Element) => {
    const box = element.getBoundingClientRect();
    const role = element.getAttribute('role');
    const toggles =
      (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) ||
      role === 'checkbox' ||
      role === 'switch' ||
      role === 'radio';
    // A "stretched" link covers its whole card with a positioned ::after: the card is the target.
    const after = getComputedStyle(element, '::after');
    if (after.content !== 'none' && after.position === 'absolute' && element instanceof HTMLElement) {
      return element.offsetParent?.getBoundingClientRect() ?? box;
    }
    if (!toggles) return box;
    const labels = [
      element.closest('label'),
      ...(element.id ? document.querySelectorAll(`label[for="${CSS.escape(element.id)}"]`) : []),
    ].filter((label): label is HTMLLabelElement => label !== null);
    let { left, top, right, bottom } = box;
    for (const label of labels) {
      const labelBox = label.getBoundingClientRect();
      left = Math.min(left, labelBox.left);
      top = Math.min(top, labelBox.top);
      right = Math.max(right, labelBox.right);
      bottom = Math.max(bottom, labelBox.bottom);
    }
    return { width: right - left, height: bottom - top };
  };

  // Not innerWidth: on a mobile viewport the browser zooms out to fit a page that is too wide.
  const viewportWidth = phoneWidth;
  const cutOff: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (!isShown(element) || insideScroller(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.left < -1 || box.right > viewportWidth + 1) cutOff.push(describe(element));
  }
  const interactive = document.body.querySelectorAll(
    'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=menuitem], [role=checkbox], [role=switch], [role=radio], [role=link]',
  );
  const smallTargets: string[] = [];
  for (const element of interactive) {
    if (!isShown(element) || isInlineLink(element)) continue;
    if (element.matches(':disabled')) continue;
    const box = targetBox(element);
    if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5) {
      smallTargets.push(`${describe(element)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return { documentWidth: document.documentElement.scrollWidth, viewportWidth, cutOff, smallTargets };
}

/**
 * On a 375 × 667 page: keeps a full-page screenshot in the test's output folder, then checks the
 * page is no wider than the viewport, nothing sticks out of it, and every tap target is 44 px.
 */
export async function expectFitsPhone(page: Page, testInfo: TestInfo, screen: string) {
  expect(page.viewportSize()?.width, 'the page has the phone viewport').toBe(PHONE_VIEWPORT.width);
  await waitForAnimations(page);
  const measure = () =>
    page.evaluate(findPhoneProblems, { minTarget: MIN_TAP_TARGET_PX, phoneWidth: PHONE_VIEWPORT.width });
  // The layout is judged at rest. A toast mounted a moment ago can still be entering on a loaded
  // machine after the animations looked done (two full runs caught one mid-slide, past the edge), so
  // what sticks out is measured again for up to 3 s; a layout that is too wide stays too wide.
  let problems = await measure();
  for (let tries = 0; problems.cutOff.length > 0 && tries < 10; tries++) {
    await page.waitForTimeout(300);
    problems = await measure();
  }
  await page.screenshot({ path: testInfo.outputPath(`phone-${screen}.png`), fullPage: true });
  expect.soft(problems.documentWidth, `${screen}: document width`).toBeLessThanOrEqual(problems.viewportWidth);
  expect.soft(problems.cutOff, `${screen}: elements cut off at the viewport's edge`).toEqual([]);
  expect.soft(problems.smallTargets, `${screen}: tap targets under ${MIN_TAP_TARGET_PX} px`).toEqual([]);
}
