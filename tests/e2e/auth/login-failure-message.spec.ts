import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createThrowawayUser } from '../support/auth';

/*
 * Issue 15, point 15: a failed sign-in says so once, in the alert above the fields: no toast, no
 * second copy of the same words. A locked account is told the same way.
 */

async function submit(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** How often `text` occurs in everything the page shows, toasts included. */
async function occurrences(page: Page, text: RegExp): Promise<number> {
  const shown = await page.locator('body').innerText();
  return shown.match(new RegExp(text.source, 'g'))?.length ?? 0;
}

test.describe('a failed sign-in', () => {
  test.use({
    allowProblems: [
      /40[13] POST .*\/api\/auth\/sign-in|423 POST .*\/api\/auth\/sign-in|status of 4(01|23)/,
    ],
  });

  test('a wrong password is said once, in the alert, without a toast', async ({
    page,
    request,
  }) => {
    const user = await createThrowawayUser(request, 'staff', 'once');
    await page.goto('/login');
    await submit(page, user.email, 'not-the-password-123');
    const alert = page.getByRole('alert').filter({ hasText: 'credentials' });
    await expect(alert).toContainText('Authentication failed. Please check your credentials.');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(await occurrences(page, /check your credentials/)).toBe(1);
    expect(await occurrences(page, /Login failed/)).toBe(0);
    await expect(page.getByRole('region', { name: 'Notifications' }).locator('li')).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveValue('');
  });

  test('a locked account is told once, in the alert, without a toast', async ({
    page,
    request,
  }) => {
    const user = await createThrowawayUser(request, 'staff', 'lockonce');
    await page.goto('/login');
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/sign-in')) statuses.push(response.status());
    });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await submit(page, user.email, `wrong-password-${attempt}`);
      await expect.poll(() => statuses.length).toBe(attempt);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    }
    expect(statuses.at(-1)).toBe(423);
    const alert = page.getByRole('alert').filter({ hasText: 'locked' });
    await expect(alert).toContainText(/locked until \d{1,2}:\d{2} (AM|PM)/);
    expect(await occurrences(page, /locked until/)).toBe(1);
    await expect(page.getByRole('region', { name: 'Notifications' }).locator('li')).toHaveCount(0);
  });
});
