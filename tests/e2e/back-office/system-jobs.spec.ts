import { expect, test } from '../fixtures';
import { signInPage } from '../support/auth';

/*
 * Issue 18, Settings → System: administrators see the background job queue (the recurring
 * tasks the server scheduled when it started, and the e-mails it sent) and filter it by status;
 * anyone else is not given the page.
 */

test('an administrator sees the background jobs and filters them by status', async ({ page }) => {
  await signInPage(page, 'admin');
  await page.goto('/settings?tab=system');
  await expect(page.getByRole('tab', { name: 'System', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();

  const jobs = page.getByRole('list', { name: 'Jobs' });
  await expect(page.getByText(/Showing 1–\d+ of \d+ jobs/)).toBeVisible();
  // The queued filter lists only queued jobs. (Which ones lead the first page depends on what
  // the other specs scheduled: every booking queues its guest messages.)
  await page.getByLabel('Status').selectOption('queued');
  const queued = page.getByTestId('job-row');
  await expect
    .poll(async () => {
      const texts = await queued.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes('Queued'));
    })
    .toBe(true);
  await expect(jobs).toBeVisible();
  // Each recurring task always has its next occurrence waiting, or running just now (the API
  // pages through them all).
  const kinds = new Set<string>();
  for (const status of ['queued', 'running']) {
    for (let pageNo = 1; pageNo <= 50; pageNo += 1) {
      const answer = await page.request.get(`/api/jobs?status=${status}&page=${pageNo}`);
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as { data: { kind: string }[] };
      for (const job of body.data) kinds.add(job.kind);
      if (body.data.length === 0) break;
    }
  }
  expect([...kinds]).toEqual(
    expect.arrayContaining(['expire-unpaid-guest-bookings', 'purge-expired-records']),
  );

  // The tasks ran when the server started: done ones are listed, each saying so.
  await page.getByLabel('Status').selectOption('done');
  const rows = page.getByTestId('job-row');
  await expect(rows.first()).toBeVisible();
  // The queued list is replaced when the filtered page arrives: wait for every row to say so.
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes('Done'));
    })
    .toBe(true);

  // Nothing has failed on a healthy install: the empty state says so.
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByRole('heading', { name: 'No failed jobs' })).toBeVisible();
});

test('a manager is not given the System page', async ({ page }) => {
  await signInPage(page, 'manager');
  await page.goto('/settings?tab=system');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'System' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toHaveCount(0);
});
