import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signInPage } from '../support/auth';
import { uniqueLetters } from '../bookings/support';

/*
 * Issue 15, points 14 and 19: the Audit Trail's date range is checked at the field, a failed
 * sign-in names the e-mail that was tried, and the Record ID column is in view at 1366 px.
 */

/** Every /api/audit-logs list request the page makes, as its query parameters. */
function watchListRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/audit-logs') seen.push(url.searchParams);
  });
  return seen;
}

test.describe('Audit Trail filters and columns', () => {
  test.use({ allowProblems: [/net::ERR_ABORTED/] });

  test('a From after To is said at the field and never sent; the list stays', async ({ page }) => {
    await signInPage(page, 'owner');
    const requests = watchListRequests(page);
    await page.goto('/audit-logs');
    const rows = page.locator('tr[data-audit-id]');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });

    const from = page.getByLabel('From');
    const to = page.getByLabel('To', { exact: true });
    await to.fill('2026-11-10');
    await expect(page).toHaveURL(/to=2026-11-10/);
    await from.fill('2026-11-20');
    await expect(page.getByText('The start date must not be after the end date')).toBeVisible();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('could not be loaded')).toHaveCount(0);
    await expect(page).not.toHaveURL(/from=2026-11-20/);

    // Moving To past From makes the range valid: the message goes and the list is asked for it.
    await to.fill('2026-11-30');
    await expect(page.getByText('The start date must not be after the end date')).toHaveCount(0);
    await expect(page).toHaveURL(/from=2026-11-20/);
    await expect(page).toHaveURL(/to=2026-11-30/);

    // The other way round: the message is at To.
    await to.fill('2026-11-01');
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('could not be loaded')).toHaveCount(0);

    const inverted = requests.filter((query) => {
      const a = query.get('from');
      const b = query.get('to');
      return a && b && a > b;
    });
    expect(inverted, 'list requests with From after To').toEqual([]);
  });

  test('a link with From after To opens without the error screen', async ({ page }) => {
    await signInPage(page, 'owner');
    await page.goto('/audit-logs?from=2026-11-20&to=2026-11-10');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
    // The first page of 50 rows can take a while to draw on a loaded machine.
    await expect(page.locator('tr[data-audit-id]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('could not be loaded')).toHaveCount(0);
  });

  test('a failed sign-in shows the e-mail that was tried as its user', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const stranger = await playwright.request.newContext({ baseURL });
    const email = `tried.${uniqueLetters()}@example.test`;
    const failed = await stranger.post('/api/auth/sign-in', {
      data: { email, password: 'not-the-password-1' },
    });
    expect(failed.status()).toBe(401);
    await stranger.dispose();

    await signInPage(page, 'owner');
    await page.goto(`/audit-logs?action=login_failed&user_email=${encodeURIComponent(email)}`);
    const row = page.locator('tr[data-audit-id]');
    await expect(row).toHaveCount(1);
    const header = page.getByRole('columnheader');
    const userColumn = await header.evaluateAll((cells) =>
      cells.findIndex((cell) => cell.textContent?.trim() === 'User'),
    );
    await expect(row.locator('td').nth(userColumn)).toHaveText(email);
    await expect(row).not.toContainText('System');
    await expect(row).not.toContainText('not-the-password-1');
  });

  test('at 1366 px the Record ID column is in view, with the whole id at hand', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInPage(page, 'owner');
    await page.goto('/audit-logs');
    const table = page.getByRole('region', { name: 'Audit logs' });
    // The first page of 50 rows can take a while to draw on a loaded machine.
    await expect(table.locator('tr[data-audit-id]').first()).toBeVisible({ timeout: 30_000 });

    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    for (const name of ['Record ID', 'Changed Fields']) {
      const header = (await table.getByRole('columnheader', { name }).boundingBox())!;
      expect(header.x + header.width, `${name} right edge`).toBeLessThanOrEqual(box.x + box.width);
    }
    // Nothing of the table is hidden behind its own scroll bar.
    const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'hidden width of the audit table').toBeLessThanOrEqual(0);

    // A record id shows its start, with the whole id in its title and a copy button.
    const cell = table.locator('[data-record-id]').first();
    const id = (await cell.getAttribute('data-record-id'))!;
    await expect(cell).toHaveAttribute('title', id);
    await expect(cell).toHaveText(id);
    if (id.length > 12) {
      // Cut short on the screen (an ellipsis), the whole id still its text.
      expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    }
    if (id.length > 8) {
      await expect(
        table.getByRole('button', { name: `Copy record ID ${id}` }).first(),
      ).toBeVisible();
    }
  });
});
