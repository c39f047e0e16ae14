import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures';
import { createThrowawayUser, signInPage } from '../support/auth';
import { freshTotp, totp } from '../support/totp';
import { toastWith } from '../support/ui';
import { allowing } from '../support/problems';

// The back office's first load (its code, then the session, then the page's data) can take a
// while on a busy machine; allow it more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

// The test signs out twice from a dashboard that is still loading its data: on a busy machine a
// read sent just before Sign Out reaches the server after the session has ended and is answered
// 401, as it should be.
test.use({
  allowProblems: allowing(
    /401 POST .*\/api\/auth\/two-factor\/verify|400 POST .*\/api\/auth\/two-factor\/enable|status of (400|401)|401 GET .*\/api\//,
  ),
});

/** A code from a later 30-second step than `used`, so no code is ever presented twice. */
async function nextCode(secret: string, used: string): Promise<string> {
  let code = await freshTotp(secret);
  while (code === used) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 250));
    code = totp(secret);
  }
  return code;
}

/** On the login page (reached by Sign Out, so no reload that would cut its loading short). */
async function signInWithPassword(page: Page, email: string, password: string) {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('TOTP set-up, then a sign-in that asks for the code', async ({ page, request }) => {
  test.setTimeout(150_000);
  const user = await createThrowawayUser(request, 'manager', 'totp');
  await signInPage(page, user);

  await page.goto('/settings?tab=security');
  await expect(page.getByText(/^Last changed: [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Disabled');

  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await dialog.getByLabel('Password').fill('wrong-password-here');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml;base64,/,
  );
  const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const backupCodes = await dialog
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  await expect(dialog.getByRole('button', { name: 'Download codes' })).toBeVisible();

  await dialog.getByLabel('6-digit code').fill('12');
  await dialog.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(
    dialog.getByText('Enter the 6-digit code from your authenticator app'),
  ).toBeVisible();

  const setupCode = await freshTotp(secret);
  await dialog.getByLabel('6-digit code').fill(setupCode);
  await dialog.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(toastWith(page, 'Two-factor authentication is on')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');

  // Sign out, then sign in again: the password alone is no longer enough.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithPassword(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();

  await page.getByLabel('Authentication code').fill(await nextCode(secret, setupCode));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toastWith(page, 'Logged in successfully!')).toBeVisible();

  // A backup code works once as the second factor too.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page, user.email, user.password);
  await page.getByLabel('Authentication code').fill(backupCodes[0]!.trim());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turning it off asks for the password.
  await page.goto('/settings?tab=security');
  await page.getByRole('button', { name: 'Disable Two-Factor' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable two-factor authentication?' });
  await disable.getByLabel('Password').fill(user.password);
  await disable.getByRole('button', { name: 'Disable Two-Factor' }).click();
  await expect(toastWith(page, 'Two-factor authentication is off')).toBeVisible();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Disabled');
});
