import { expect as baseExpect, test } from '../fixtures';
import { createThrowawayUser } from '../support/auth';
import { allowing } from '../support/problems';

// The back office's first load (its code, then the session, then the page's data) can take a
// while on a busy machine; allow it more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({
  allowProblems: allowing(/(401|423) POST .*\/api\/auth\/sign-in|status of (401|423)/),
});

test('five wrong passwords lock the account; the right one is then refused with 423', async ({
  page,
  request,
}) => {
  // A throw-away account: locking a shared demo account would break tests running beside this.
  const user = await createThrowawayUser(request, 'staff', 'lockout');
  await page.goto('/login');

  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/sign-in')) statuses.push(response.status());
  });

  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(`wrong-password-${attempt}`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => statuses.length).toBe(attempt);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  }
  // SPEC §9: the 5th failure locks the account and says so at once.
  expect(statuses).toEqual([401, 401, 401, 401, 423]);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => statuses.length).toBe(6);
  expect(statuses[5]).toBe(423);

  const alert = page.getByRole('alert').filter({ hasText: 'locked' });
  await expect(alert).toContainText(/locked until \d{1,2}:\d{2} (AM|PM)/);
  await expect(page).toHaveURL(/\/login$/);
});
