import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { longDate, manilaToday, uniqueLetters } from '../bookings/support';
import { stay } from '../guest/guest-helpers';
import { FIXTURES } from '../guest/proof-files';
import { apiSend, csrfToken, signInPage } from '../support/auth';
import { createUnitByApi, toastText } from './support';

/*
 * Issue 15, points 17 and 19: the blackout toast writes dates as the app does, the tape chart
 * opens on a month's first night with no sliver of a night beside the cabin column, and the
 * Expenses table keeps its last column in view at 1366 px.
 */

/** Day headers that the sticky cabin column covers only in part (a cut-off "Mo" reads as "s"). */
async function cutDayHeaders(chart: Locator): Promise<string[]> {
  return chart.evaluate((region) => {
    const [cabin, ...days] = [...region.querySelectorAll('thead th')];
    const edge = cabin!.getBoundingClientRect().right;
    return days
      .filter((th) => {
        const box = th.getBoundingClientRect();
        return box.left < edge - 1 && box.right > edge + 1;
      })
      .map((th) => th.textContent ?? '');
  });
}

test.describe('layout and dates', () => {
  test('a month opens on its first night, and scrolling stops on whole nights', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInPage(page, 'manager');
    // The current month: the one that used to open scrolled towards today.
    await page.goto('/availability');
    const chart = page.getByRole('region', { name: /^Availability, / });
    await expect(chart.locator('tbody tr').first()).toBeVisible();
    await expect.poll(() => chart.evaluate((el) => el.scrollLeft)).toBe(0);
    const cabin = (await chart.getByRole('columnheader', { name: 'Cabin' }).boundingBox())!;
    const firstNight = chart.locator('thead th').nth(1);
    // On the 1st of a month the first night is also today's column ("…, Dec 01 (today)").
    await expect(firstNight).toContainText(/, [A-Z][a-z]{2} 01( \(today\))?$/);
    const first = (await firstNight.boundingBox())!;
    expect(first.x).toBeGreaterThanOrEqual(cabin.x + cabin.width - 1);
    expect(await cutDayHeaders(chart)).toEqual([]);

    // Scrolled by part of a night, the chart settles on a whole one.
    await chart.evaluate((el) => el.scrollBy({ left: 70 }));
    await expect.poll(() => chart.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect.poll(() => cutDayHeaders(chart)).toEqual([]);

    // Another month opens at its start too.
    await page.getByRole('button', { name: /next month/i }).click();
    await expect.poll(() => chart.evaluate((el) => el.scrollLeft)).toBe(0);
  });

  test('the blackout toast writes its dates as the app does', async ({ page }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const firstNight = stay(61, 1).checkIn;
    const lastNight = stay(63, 1).checkIn;
    await page.goto(`/availability?date=${firstNight.slice(0, 7)}&unit=${unit.unit_id}`);
    await page.getByRole('button', { name: 'Block Dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Dates' });
    await dialog.getByLabel('Cabin').selectOption(unit.unit_id);
    await dialog.getByLabel('First blocked night').fill(firstNight);
    await dialog.getByLabel('Last blocked night').fill(lastNight);
    await dialog.getByLabel('Reason').fill('Repainting');
    await dialog.getByRole('button', { name: 'Block Dates' }).click();
    await expect(
      toastText(
        page,
        `${unit.unit_name} is blocked from ${longDate(firstNight)} to ${longDate(lastNight)}`,
      ),
    ).toBeVisible();
    await expect(toastText(page, /\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  });

  test('at 1366 px the Expenses table keeps its last column in view', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request, {
      unit_name: `Sunset Beachfront Family Cabin ${uniqueLetters(8)}`,
    });
    const tag = uniqueLetters(10);
    const description = `Replacement aircon compressor and refrigerant ${tag}`;
    const created = await apiSend(page.request, 'POST', '/api/expenses', {
      expense_date: manilaToday(),
      category: 'Food and Beverage',
      amount: 123456.78,
      description,
      vendor: 'Palawan Refrigeration and Airconditioning Supply',
      unit_id: unit.unit_id,
    });
    expect(created.status(), await created.text()).toBe(201);
    const expense = ((await created.json()) as { data: { expense_id: string } }).data;

    // A receipt, so the last column holds two buttons.
    const bytes = readFileSync(FIXTURES.png);
    const asked = await apiSend(
      page.request,
      'POST',
      `/api/expenses/${expense.expense_id}/proof-upload`,
      { file_name: 'receipt.png', file_type: 'image/png', file_size: bytes.length },
    );
    expect(asked.status(), await asked.text()).toBe(200);
    const { upload } = (await asked.json()) as {
      upload: { bucket: string; path: string; token: string };
    };
    const segments = [upload.bucket, ...upload.path.split('/')].map(encodeURIComponent).join('/');
    const put = await page.request.put(
      `/api/storage/upload/${segments}?token=${encodeURIComponent(upload.token)}`,
      {
        data: bytes,
        headers: {
          'content-type': 'image/png',
          'x-csrf-token': await csrfToken(page.request),
        },
      },
    );
    expect(put.status(), await put.text()).toBeLessThan(300);
    const attached = await apiSend(
      page.request,
      'POST',
      `/api/expenses/${expense.expense_id}/proof`,
      {
        path: upload.path,
      },
    );
    expect(attached.status(), await attached.text()).toBe(200);

    await page.goto(`/expenses?search=${tag}`);
    const table = page.getByRole('region', { name: 'Expenses' });
    const row = table.getByRole('row', { name: new RegExp(tag) });
    await expect(row).toBeVisible();
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    const last = (await table.locator('thead th').last().boundingBox())!;
    expect(last.x + last.width, 'last column right edge').toBeLessThanOrEqual(box.x + box.width);
    const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'hidden width of the expenses table').toBeLessThanOrEqual(0);
    for (const link of [
      row.getByRole('link', { name: `Receipt of ${description}` }),
      row.getByRole('link', { name: `Edit ${description}` }),
    ]) {
      const button = (await link.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    }
  });
});
