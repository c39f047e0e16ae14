import { test as base, expect, type Page } from '@playwright/test';

export type PageProblems = { consoleErrors: string[]; failedRequests: string[] };

/**
 * Every page is watched for console errors (CSP violations included) and failed requests; a test
 * fails when any appear, unless it declares the ones it expects with `allowProblems`.
 */
export const test = base.extend<{ problems: PageProblems; allowProblems: RegExp[] }>({
  allowProblems: [[], { option: true }],
  problems: [
    async ({ page, allowProblems }, use) => {
      const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
      const allowed = (text: string) => allowProblems.some((pattern) => pattern.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed(message.text())) {
          problems.consoleErrors.push(message.text());
        }
      });
      page.on('pageerror', (error) => {
        if (!allowed(error.message)) problems.consoleErrors.push(error.message);
      });
      page.on('requestfailed', (request) => {
        const text = `${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`;
        // A read cut short because the page went away is no failure: the live-updates stream
        // (GET /api/events) never ends by itself, and a live update (from any test running at
        // the same time) may start a refresh just before the test navigates. A price quote
        // (POST /api/quote computes, it changes nothing) is such a read too: the wizard cancels
        // one that a newer choice has overtaken.
        const read = request.method() === 'GET' || new URL(request.url()).pathname === '/api/quote';
        if (read && /net::ERR_ABORTED$/.test(text)) return;
        if (!allowed(text)) problems.failedRequests.push(text);
      });
      page.on('response', (response) => {
        const text = `${response.status()} ${response.request().method()} ${response.url()}`;
        if (response.status() >= 400 && !allowed(text)) problems.failedRequests.push(text);
      });
      await use(problems);
      expect(problems.consoleErrors, 'console errors').toEqual([]);
      expect(problems.failedRequests, 'failed requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function atPhoneWidth(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 800 });
}

/** The page must not scroll sideways: everything fits the viewport's width. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}
