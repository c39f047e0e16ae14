import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { stayAt, uniqueLetters } from '../bookings/support';
import { apiSend, signInPage } from '../support/auth';
import { allowing } from '../support/problems';
import { createUnitByApi, toastText, uniqueCode } from './support';

/**
 * Issue 21, Settings → Promotions (managers and up): a manager adds a promo code, pauses and
 * resumes it, finds it by search and status, and reads it in the uses-and-cost report. The code
 * is this test's own (a random suffix): other specs run at the same time.
 */
test.describe('promotions', () => {
  // The refusal below is meant: a code with a space.
  test.use({
    allowProblems: allowing(/400 POST .*\/api\/(promo-codes|bookings)|status of 400/),
  });

  test('a manager creates a promo code, pauses and resumes it, and sees it in the report', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const code = uniqueCode('RAINY');
    await page.goto('/settings?tab=promotions');
    await page.getByRole('button', { name: 'Add Promo Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Promo Code' });
    // A code with a space is refused at the code, with the schema's message.
    await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('RAINY SEASON');
    await dialog.getByLabel('Discount (%)').fill('10');
    await dialog.getByRole('button', { name: 'Add Promo Code' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
    await dialog.getByLabel('Minimum nights').fill('2');
    await dialog.getByLabel('Total uses').fill('10');
    await dialog.getByLabel('Uses per guest e-mail').fill('1');
    await dialog.getByRole('button', { name: 'Add Promo Code' }).click();
    await expect(toastText(page, `${code} added to the promotions`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The list finds it by search; it is stored upper-case and active.
    await page.getByLabel('Search promo codes').fill(code);
    const table = page.getByRole('region', { name: 'Promo codes' });
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('10%');
    await expect(row).toContainText('0 / 10');
    await expect(row).toContainText('All cabins');
    await expect(row).toContainText('Active');

    // Pause, and the Paused filter shows it; Resume, and the Active filter does.
    await row.getByRole('button', { name: `Pause ${code}` }).click();
    await expect(toastText(page, `${code} paused`)).toBeVisible();
    await expect(row).toContainText('Paused');
    await page.getByLabel('Status').selectOption('paused');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Resume ${code}` }).click();
    await expect(toastText(page, `${code} resumed`)).toBeVisible();
    await page.getByLabel('Status').selectOption('active');
    await expect(row).toContainText('Active');

    // The code cannot be changed once made; the rest can.
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${code}` });
    await expect(edit.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute(
      'readonly',
      '',
    );
    await edit.getByLabel('Discount (%)').fill('15');
    await edit.getByRole('button', { name: 'Save Promo Code' }).click();
    await expect(toastText(page, `${code} saved`)).toBeVisible();
    await expect(row).toContainText('15%');

    // The report lists it, with its uses and what it cost.
    const report = page.getByRole('region', { name: 'Promo code uses and cost' });
    const reportRow = report.getByRole('row').filter({ hasText: code });
    await expect(reportRow).toContainText('(15%)');
    await expect(reportRow).toContainText('₱0.00');
    await expect(page.getByRole('figure').getByText(code)).toBeVisible();

    // The tab works on a 360 px phone.
    await atPhoneWidth(page);
    await expect(page.getByRole('button', { name: 'Add Promo Code' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('a manager books with a promo code in the staff dialog and the report counts it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request, { unit_name: `A Promo ${uniqueCode('PRO')}` });
    const code = uniqueCode('DIALOG');
    const created = await apiSend(page.request, 'POST', '/api/promo-codes', {
      code,
      kind: 'percent',
      value: 10,
      unit_ids: [unit.unit_id],
      active: false,
    });
    expect(created.status(), await created.text()).toBe(201);
    const promo = ((await created.json()) as { data: { promo_code_id: string } }).data;

    const stay = stayAt(400 + Math.floor(Math.random() * 300), 2);
    await page.goto('/bookings');
    await page.getByRole('button', { name: 'New Booking' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Booking' });
    await dialog.getByLabel('Cabin').selectOption(unit.unit_id);
    await dialog.getByLabel('Check-in').fill(stay.check_in);
    await dialog.getByLabel('Check-out').fill(stay.check_out);
    await dialog.getByLabel('Guests').fill('2');
    const name = `Promo ${uniqueLetters()}`;
    await dialog.getByLabel('Guest name').fill(name);
    await dialog.getByLabel('E-mail').fill(`${name.replace(' ', '.').toLowerCase()}@example.ph`);
    await dialog.getByLabel('Contact number').fill('09171234567');
    // Typed in any case; a paused code is refused at its field.
    const promoField = dialog.getByLabel('Promo code');
    await promoField.fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(promoField).toHaveAccessibleDescription(/This promo code is paused/);

    const resumed = await apiSend(
      page.request,
      'PATCH',
      `/api/promo-codes/${promo.promo_code_id}`,
      {
        active: true,
      },
    );
    expect(resumed.status(), await resumed.text()).toBe(200);
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(
      toastText(page, /Booking created successfully! Reference: BK-\d{4}-/),
    ).toBeVisible();

    // The booking records the code, stored upper-case.
    await expect(page.getByRole('definition').filter({ hasText: code })).toBeVisible();

    await page.goto('/settings?tab=promotions');
    const reportRow = page
      .getByRole('region', { name: 'Promo code uses and cost' })
      .getByRole('row')
      .filter({ hasText: code });
    await expect(reportRow.getByRole('cell').nth(1)).toHaveText('1');
    await expect(reportRow.getByRole('cell').nth(3)).not.toHaveText('₱0.00');
  });

  test('staff have no Promotions tab', async ({ page }) => {
    await signInPage(page, 'staff');
    await page.goto('/settings?tab=promotions');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Promotions' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
  });
});
