import { atPhoneWidth, expect as baseExpect, expectNoHorizontalOverflow, test } from '../fixtures';
import { signInPage } from '../support/auth';
import { toastWith } from '../support/ui';
import { allowing } from '../support/problems';

// The back office's first load (its code, then the session, then the page's data) can take a
// while on a busy machine; allow it more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ allowProblems: allowing() });

test.describe('the back-office shell', () => {
  test('phone: the menu opens as a dialog with every link and Settings, and closes with Escape', async ({
    page,
  }) => {
    await atPhoneWidth(page);
    await signInPage(page, 'manager');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    const open = page.getByRole('button', { name: 'Open menu' });
    await open.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    for (const label of [
      'Dashboard',
      'Bookings',
      'Cabins',
      'Guests',
      'Payments',
      'Expenses',
      'Sales Journal',
      'Availability',
      'Settings',
    ]) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
    await expect(menu.getByText('Demo Manager')).toBeVisible();
    await expect(menu.getByText('Manager', { exact: true })).toBeVisible();
    await expect(menu.getByText('Version 1.0.0')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await open.click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the notification badge shows the real number of payments awaiting verification', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    const response = await page.request.get('/api/notifications/count');
    const { payments_awaiting_verification: count } = (await response.json()) as {
      payments_awaiting_verification: number;
    };
    await page.goto('/dashboard');
    const label = `${count} ${count === 1 ? 'payment' : 'payments'} awaiting verification`;
    await expect(page.getByRole('banner').getByRole('link', { name: label })).toBeVisible();
    if (count > 0) await expect(page.getByTestId('notification-count')).toHaveText(String(count));
  });

  test('staff opening /audit-logs are sent to the dashboard with the message', async ({ page }) => {
    await signInPage(page, 'staff');
    await page.goto('/audit-logs');
    await expect(page).toHaveURL(/\/dashboard\?error=unauthorized$/);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'You do not have permission to access audit logs' }),
    ).toBeVisible();
  });

  test('owners open the Audit Trail', async ({ page }) => {
    await signInPage(page, 'owner');
    await page.goto('/audit-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  });
});

test.describe('session timers', () => {
  test('a session with 5 minutes or less left warns, with minutes rounded up', async ({ page }) => {
    await signInPage(page, 'staff');
    // Four and a half minutes left: "5 minutes" (SPEC §9 rounds up).
    await page.route('**/api/auth/session', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...body, expires_at: new Date(Date.now() + 4.5 * 60_000).toISOString() },
      });
    });
    await page.goto('/dashboard');
    await expect(toastWith(page, 'Your session expires in 5 minutes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeVisible();
  });

  test('an expired session clears and goes to /login, coming back here after sign-in', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    let expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await page.route('**/api/auth/session', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, expires_at: expiresAt } });
    });
    await page.goto('/settings?tab=profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // From now on the server says the session ends in three seconds; the next navigation reads it.
    expiresAt = new Date(Date.now() + 3_000).toISOString();
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings?tab=security');
    await expect(toastWith(page, 'Authentication required. Please sign in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
