import { expect as baseExpect, test } from '../fixtures';
import { createThrowawayUser, signInContext, signInPage } from '../support/auth';
import { toastWith } from '../support/ui';
import { allowing } from '../support/problems';

// The back office's first load (its code, then the session, then the page's data) can take a
// while on a busy machine; allow it more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ allowProblems: allowing() });

const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('revoking a session from the Security tab signs that browser out', async ({
  page,
  request,
  browser,
}) => {
  const user = await createThrowawayUser(request, 'staff', 'revoke');

  // Browser B: a phone, signed in and on the dashboard.
  const phone = await browser.newContext({
    userAgent: PHONE_AGENT,
    viewport: { width: 360, height: 800 },
  });
  try {
    await signInContext(phone, user);
    const phonePage = await phone.newPage();
    await phonePage.goto('/dashboard');
    await expect(phonePage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Browser A: the Security tab lists both sessions, this one marked.
    await signInPage(page, user);
    await page.goto('/settings?tab=security');
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    const mine = rows.filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
    const phoneRow = rows.filter({ hasText: 'Safari on iPhone' });
    await expect(phoneRow).toContainText('127.0.0.1');

    await phoneRow.getByRole('button', { name: 'Revoke session on Safari on iPhone' }).click();
    await expect(toastWith(page, 'Signed out Safari on iPhone')).toBeVisible();
    await expect(rows).toHaveCount(1);

    // B's next navigation lands on /login, with the reason.
    await phonePage.getByRole('button', { name: 'Open menu' }).click();
    await phonePage.getByRole('dialog').getByRole('link', { name: 'Settings' }).click();
    await expect(phonePage).toHaveURL(/\/login\?redirect=/);
    await expect(toastWith(phonePage, 'Authentication required. Please sign in.')).toBeVisible();
    await expect(phonePage.getByRole('button', { name: 'Sign In' })).toBeVisible();

    // And A is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  } finally {
    await phone.close();
  }
});
