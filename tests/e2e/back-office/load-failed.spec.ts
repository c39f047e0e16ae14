import { expect, test } from '../fixtures';
import { signInPage } from '../support/auth';
import { allowing } from '../support/problems';

/*
 * A list that cannot be loaded says what failed and why, and "Try again" loads it without a page
 * reload (the one LoadFailedAlert every list and card uses).
 */
test.use({ allowProblems: allowing(/503 GET .*\/api\/expenses\?/, /status of 503/) });

test('the expenses list says it could not load, and Try again loads it', async ({ page }) => {
  await signInPage(page, 'manager');
  let refuse = true;
  await page.route(/\/api\/expenses\?/, async (route) => {
    if (!refuse) return route.continue();
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The database is restarting.' }),
    });
  });
  await page.goto('/expenses');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load expenses' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('The database is restarting.');
  refuse = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByRole('table').first()).toBeVisible();
});
