import { expect, test } from '../fixtures';
import { addDays, manilaToday } from '../bookings/support';
import { FIXTURES } from '../guest/proof-files';
import { signInPage } from '../support/auth';
import { toastText } from './support';

/**
 * Issue 15, point 9: "Add New Expense" refuses, at the field, a receipt that is not what it claims
 * to be, a negative amount and a date after the resort's today — and saves nothing until fixed.
 */
test.describe('expense refusals', () => {
  test('a refused receipt, a negative amount and a future date each stop the save with a message at the field', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Expense' });
    const description = `Refusals ${Date.now()}`;
    const saved: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/expenses') {
        saved.push(request.url());
      }
    });
    const errorOf = async (label: string) => {
      const ids = (await dialog.getByLabel(label).getAttribute('aria-describedby')) ?? '';
      const errorId = ids.split(' ').find((part) => part.endsWith('-error'));
      return dialog.locator(`[id="${errorId ?? 'none'}"]`);
    };

    await dialog.getByLabel('Category').selectOption('Supplies');
    await dialog.getByLabel('Description').fill(description);
    const amount = dialog.getByLabel('Amount');
    await amount.fill('-50');
    // The sign stays in sight: the amount is refused, not turned into ₱50.00.
    await expect(amount).toHaveValue('-50');
    const date = dialog.getByLabel('Date');
    await date.fill(addDays(manilaToday(), 548));
    // A text file named like a picture.
    await dialog.getByLabel('Receipt (proof)').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is not a picture of a receipt.\n'.repeat(20)),
    });
    const receiptError = await errorOf('Receipt (proof)');
    await expect(receiptError).toContainText('receipt.png');
    await expect(receiptError).toContainText('Choose another file, or remove this one');

    const submit = dialog.getByRole('button', { name: 'Add Expense' });
    await submit.click();
    await expect(await errorOf('Amount')).toHaveText('Amount must be greater than 0');
    await expect(await errorOf('Date')).toHaveText('Expense date cannot be in the future');

    // Amount and date put right: the refused receipt still holds the save back.
    await amount.fill('50');
    await date.fill(manilaToday());
    await submit.click();
    await expect(await errorOf('Amount')).toHaveCount(0);
    await expect(await errorOf('Date')).toHaveCount(0);
    await expect(receiptError).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(toastText(page, 'Expense added')).toHaveCount(0);
    expect(saved).toEqual([]);

    // Picking a real receipt instead saves the expense with it.
    await dialog.getByLabel('Receipt (proof)').setInputFiles(FIXTURES.png);
    await expect(dialog.getByRole('button', { name: /Remove receipt\.png/ })).toBeVisible();
    await submit.click();
    await expect(toastText(page, 'Expense added')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(description) });
    await expect(row).toContainText('₱50.00');
    await expect(row.getByRole('link', { name: `Receipt of ${description}` })).toBeVisible();
  });

  test('removing a refused receipt saves the expense without one', async ({ page }) => {
    await signInPage(page, 'staff');
    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Expense' });
    const description = `No receipt ${Date.now()}`;
    await dialog.getByLabel('Category').selectOption('Supplies');
    await dialog.getByLabel('Amount').fill('75.25');
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByLabel('Receipt (proof)').setInputFiles({
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: Buffer.from('plain text, not an image\n'.repeat(20)),
    });
    await expect(dialog.getByText(/scan\.png: /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove file' }).click();
    await expect(dialog.getByText(/scan\.png: /)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await expect(toastText(page, 'Expense added')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(description) });
    await expect(row).toContainText('₱75.25');
    await expect(row.getByRole('link', { name: `Receipt of ${description}` })).toHaveCount(0);
  });
});
