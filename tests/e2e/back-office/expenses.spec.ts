import { expect, test } from '../fixtures';
import { FIXTURES } from '../guest/proof-files';
import { demoAccount } from '../support/accounts';
import { apiSend, createThrowawayUser, signInPage, signInViaApi } from '../support/auth';
import { toastText } from './support';

test.describe('expenses', () => {
  test.use({ allowProblems: [/403 PATCH .*\/api\/expenses\/|status of 403/] });

  test('a member of staff adds an expense with a receipt and edits it; another cannot', async ({
    page,
    browser,
    request,
  }) => {
    await signInPage(page, 'staff');
    await page.goto('/expenses');
    await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Expense' });
    // Validation first.
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await expect(dialog.getByText('Please select a category')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid amount (e.g., 1500.00)')).toBeVisible();
    await expect(dialog.getByText('This field is required')).toBeVisible();

    const description = `Fuel for the generator ${Date.now()}`;
    await dialog.getByLabel('Category').selectOption('Utilities');
    const amount = dialog.getByLabel('Amount');
    // SPEC §5 currency input: digits and one decimal point, at most two decimals.
    await amount.pressSequentially('1a,234.567');
    await expect(amount).toHaveValue('1234.56');
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByLabel('Vendor', { exact: true }).fill('Petron El Nido');
    await dialog.getByLabel('Cabin').selectOption({ label: 'Cove Family Villa' });
    await dialog.getByLabel('Receipt (proof)').setInputFiles(FIXTURES.png);
    await expect(dialog.getByRole('button', { name: /Remove receipt\.png/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await expect(toastText(page, 'Expense added')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(description) });
    await expect(row).toContainText('₱1,234.56');
    await expect(row).toContainText('Demo Staff');
    await expect(row.getByRole('link', { name: `Receipt of ${description}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Totals by category' })).toContainText(
      'Utilities',
    );

    // The detail page shows the private receipt to signed-in staff.
    await row.getByRole('link', { name: description, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();
    const receipt = page.getByRole('img', { name: `Receipt for ${description}` });
    await expect(receipt).toBeVisible();
    await expect
      .poll(() => receipt.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const expenseId = page.url().split('/').pop()!;
    const proof = await page.request.get(`/api/expenses/${expenseId}/proof`);
    expect(proof.status()).toBe(200);
    expect(proof.headers()['x-content-type-options']).toBe('nosniff');
    const anonymous = await browser.newContext();
    expect((await anonymous.request.get(`/api/expenses/${expenseId}/proof`)).status()).toBe(401);
    await anonymous.close();

    // Its creator edits it.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Expense' })).toBeVisible();
    await page.getByLabel('Amount').fill('1300.50');
    await page.getByLabel('Category').selectOption('Maintenance');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastText(page, 'Expense updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();
    await expect(page.getByText('₱1,300.50').first()).toBeVisible();

    // Another member of staff may read it but not edit it.
    const other = await createThrowawayUser(request, 'staff', 'expense');
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signInPage(otherPage, other);
    await otherPage.goto(`/expenses/${expenseId}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: description })).toBeVisible();
    await expect(otherPage.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await otherPage.goto(`/expenses/${expenseId}/edit`);
    await expect(
      otherPage.getByText('You do not have permission to edit this expense.'),
    ).toBeVisible();
    const refused = await apiSend(otherPage.request, 'PATCH', `/api/expenses/${expenseId}`, {
      amount: 1,
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('You do not have permission to edit this expense.');
    await otherContext.close();

    // A manager may; only owners delete.
    await signInViaApi(request, demoAccount('manager'));
    const byManager = await apiSend(request, 'PATCH', `/api/expenses/${expenseId}`, {
      vendor: 'Shell',
    });
    expect(byManager.status()).toBe(200);
  });
});
