import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * The axe-core rule sets every page and dialog is held to: WCAG 2.0/2.1 A and AA, plus axe's
 * best practices (heading order, landmarks, one main) — issue 15 point 18 found `definition-list`,
 * `dlitem` and `heading-order` violations that a narrower set would have let through.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Waits until nothing on the page is still loading: no skeleton, no busy region, no spinner. */
export async function waitForSettled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], .motion-safe\\:animate-pulse')).toHaveCount(0, {
    timeout: 15_000,
  });
}

/**
 * Runs axe on the page (or on `scope`, a CSS selector such as an open dialog) and fails with
 * each violation's rule, impact and the elements it found.
 */
export async function expectNoAxeViolations(page: Page, scope?: string): Promise<void> {
  // Only violations are read: axe skips gathering the passing and incomplete nodes' details.
  // Legacy mode runs axe.run in the page itself: the default mode runs it in parts and then opens
  // a blank page, injects axe a second time there and merges the parts in it, which doubled each
  // check's cost (the app has no iframes, the case that mode exists for). The same rules run.
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(found, `axe violations on ${page.url()}${scope ? ` in ${scope}` : ''}`).toEqual([]);
}

/** The page must not be wider than the viewport: nothing pans sideways. */
export async function expectFitsViewport(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page width at ${clientWidth} px on ${page.url()}`).toBeLessThanOrEqual(
    clientWidth,
  );
}
