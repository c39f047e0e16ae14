import { expect as baseExpect, test } from '../fixtures';
import { demoAccount } from '../support/accounts';
import { apiSend, createThrowawayUser, signInPage, signInViaApi } from '../support/auth';
import { toastWith } from '../support/ui';
import { allowing } from '../support/problems';

// The back office's first load (its code, then the session, then the page's data) can take a
// while on a busy machine; allow it more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ allowProblems: allowing() });

test.describe('general settings', () => {
  test('an owner’s change is saved and shown on the public terms page', async ({
    page,
    request,
  }) => {
    await signInPage(page, 'owner');
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const quietUntil = page.getByLabel('Quiet hours until');
    await expect(quietUntil).toHaveValue('07:00');

    try {
      // Validation first: a required field left empty keeps the form from saving.
      await page.getByLabel('Resort name').fill('');
      await page.getByRole('button', { name: 'Save General Settings' }).click();
      await expect(page.getByText('This field is required')).toBeVisible();
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await expect(page.getByLabel('Resort name')).toHaveValue('Playa Serena Beach Resort');

      // Quiet hours: a policy the terms page states and no other test relies on.
      await quietUntil.fill('06:30');
      await page.getByRole('button', { name: 'Save General Settings' }).click();
      await expect(toastWith(page, 'General settings saved')).toBeVisible();

      await page.goto('/terms-and-conditions');
      await expect(page.getByRole('main')).toContainText('10:00 PM to 6:30 AM');
    } finally {
      // Leave the shared settings as they were.
      await signInViaApi(request, demoAccount('owner'));
      const response = await apiSend(request, 'PATCH', '/api/settings', {
        general: { quiet_hours_end: '07:00' },
      });
      expect(response.status()).toBe(200);
    }
  });

  test('staff see the settings read-only, with the reason', async ({ page }) => {
    await signInPage(page, 'staff');
    await page.goto('/settings?tab=general');
    await expect(
      page.getByText('Only owners and administrators can change these settings.'),
    ).toBeVisible();
    await expect(page.getByLabel('Resort name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save General Settings' })).toHaveCount(0);
    // No Users tab below administrator; asking for it shows General.
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
    await page.goto('/settings?tab=users');
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Issue 20: Billing is the owners' and administrators' too.
    await expect(page.getByRole('tab', { name: 'Billing' })).toHaveCount(0);
    await page.goto('/settings?tab=billing');
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('the pricing tab shows rates as percentages and checks them', async ({ page }) => {
    await signInPage(page, 'owner');
    await page.goto('/settings?tab=pricing');
    await expect(page.getByLabel('VAT (%)')).toHaveValue('12');
    await expect(page.getByRole('textbox', { name: 'Name' }).first()).toHaveValue('Peak Summer');
    await page.getByLabel('VAT (%)').fill('120');
    await page.getByRole('button', { name: 'Save Pricing Settings' }).click();
    await expect(page.getByText('Must be 100 or less')).toBeVisible();
  });
});

test.describe('users and roles (administrators)', () => {
  test.use({ allowProblems: allowing(/409 PATCH .*\/api\/users\/|status of 409/) });

  test('create a user, change the role, deactivate and reactivate', async ({ page }) => {
    await signInPage(page, 'admin');
    await page.goto('/settings?tab=users');
    const table = page.getByRole('list', { name: 'Users' });
    await expect(table.getByText('admin@demo.playaserena.ph')).toBeVisible();

    const email = `ui-user-${Date.now()}@example.test`;
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name').fill('Marisol Reyes');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Must be at least 12 characters')).toBeVisible();
    await dialog.getByLabel('Password').fill('a-long-enough-password');
    await dialog.getByLabel('Role').selectOption('staff');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toastWith(page, 'Account created for Marisol Reyes')).toBeVisible();

    const row = page.getByTestId('user-row').filter({ hasText: email });
    await expect(row).toContainText('Active');
    await row.getByLabel('Role of Marisol Reyes').selectOption('manager');
    await expect(toastWith(page, 'Marisol Reyes is now Manager')).toBeVisible();
    await expect(row.getByLabel('Role of Marisol Reyes')).toHaveValue('manager');

    await row.getByRole('button', { name: 'Deactivate Marisol Reyes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Marisol Reyes?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toastWith(page, 'Marisol Reyes deactivated')).toBeVisible();
    await expect(row).toContainText('Inactive');

    await row.getByRole('button', { name: 'Reactivate Marisol Reyes' }).click();
    await page
      .getByRole('dialog', { name: 'Reactivate Marisol Reyes?' })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(toastWith(page, 'Marisol Reyes reactivated')).toBeVisible();
    await expect(row).toContainText('Active');

    // Administrators cannot demote themselves: the control is off for their own row.
    const self = page.getByTestId('user-row').filter({ hasText: 'admin@demo.playaserena.ph' });
    await expect(self.getByLabel('Role of Demo Admin')).toBeDisabled();
  });

  test.describe('deactivation', () => {
    test.use({ allowProblems: allowing(/403 POST .*\/api\/auth\/sign-in|status of 403/) });

    test('a deactivated user can no longer sign in', async ({ page, request }) => {
      const user = await createThrowawayUser(request, 'staff', 'deactivated');
      const response = await apiSend(request, 'PATCH', `/api/users/${user.id}`, {
        is_active: false,
      });
      expect(response.status()).toBe(200);
      await page.goto('/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'deactivated' })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  });
});

test.describe('profile', () => {
  test.use({ allowProblems: allowing(/400 POST .*\/api\/auth\/change-password|status of 400/) });

  test('change the name and the password, with the server’s field messages', async ({
    page,
    request,
  }) => {
    const user = await createThrowawayUser(request, 'staff', 'profile');
    await signInPage(page, user);
    await page.goto('/settings?tab=profile');

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed Person');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toastWith(page, 'Profile updated')).toBeVisible();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel(/^New password/).fill('another-long-password');
    await page.getByLabel('Confirm new password').fill('another-long-passwore');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill('another-long-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      toastWith(page, 'Password changed. Your other sessions were signed out.'),
    ).toBeVisible();

    // Still signed in with the new session, and the new password works.
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/tab=security/);
    await expect(page.getByText(/^Last changed: /)).toBeVisible();
    await signInViaApi(request, { ...user, password: 'another-long-password' });
  });
});
