import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { apiSend, signInPage } from '../support/auth';
import { allowing } from '../support/problems';
import { toastText, uniqueCode } from './support';

/**
 * Issue 17, Settings: an owner sets the deposit to the first night and the resort's GCash number
 * (the public settings then carry them for the guest pages); a manager adds an extra to the
 * catalogue and turns it off; staff do not see the catalogue's tab and the server refuses them.
 */
test.describe('extras and payment settings', () => {
  // The refusals below are meant: a GCash number without its name, an extra's name twice.
  test.use({
    allowProblems: allowing(
      /400 PATCH .*\/api\/settings|409 POST .*\/api\/extras|status of (400|409)/,
    ),
  });

  test('an owner sets the deposit to the first night and a GCash number', async ({ page }) => {
    await signInPage(page, 'owner');
    try {
      await page.goto('/settings?tab=pricing');
      const deposit = page.getByRole('form', { name: 'Deposit and balance' });
      await deposit.getByRole('radio', { name: 'The first night' }).check();
      await deposit.getByRole('radio', { name: 'Some days before arrival' }).check();
      await deposit.getByRole('textbox', { name: 'Days before arrival' }).fill('7');
      await deposit.getByRole('button', { name: 'Save Deposit' }).click();
      await expect(
        toastText(
          page,
          'Deposit saved. Guests pay the first night when they book and the balance 7 days before arrival.',
        ),
      ).toBeVisible();

      const pay = page.getByRole('form', { name: 'How guests pay' });
      // A number without the name the payer sees is refused, with the field's message.
      await pay.getByLabel('GCash number').fill('0917 555 0142');
      await pay.getByRole('button', { name: 'Save Payment Instructions' }).click();
      await expect(pay.getByText('Enter the account name shown to the payer')).toBeVisible();
      await pay.getByLabel('GCash account name').fill('Playa Serena Resort');
      await pay.getByRole('button', { name: 'Save Payment Instructions' }).click();
      await expect(toastText(page, 'Payment instructions saved')).toBeVisible();

      // What was saved is what the page shows after a reload, and what guests' pages read.
      await page.reload();
      await expect(
        page
          .getByRole('form', { name: 'Deposit and balance' })
          .getByRole('radio', { name: 'The first night' }),
      ).toBeChecked();
      await expect(page.getByRole('textbox', { name: 'Days before arrival' })).toHaveValue('7');
      await expect(page.getByLabel('GCash number')).toHaveValue('+63 917 555 0142');
      const answer = await page.request.get('/api/public/settings');
      const { data } = (await answer.json()) as {
        data: { deposit: unknown; payment_instructions: Record<string, unknown> };
      };
      expect(data.deposit).toEqual({
        mode: 'first_night',
        percent: 50,
        balance_due_days_before_arrival: 7,
      });
      expect(data.payment_instructions).toMatchObject({
        gcash_number: '+639175550142',
        gcash_name: 'Playa Serena Resort',
      });

      // The tab works on a 360 px phone.
      await atPhoneWidth(page);
      await expect(page.getByRole('button', { name: 'Save Payment Instructions' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    } finally {
      // The demo data's defaults again, for the other specs.
      const reset = await apiSend(page.request, 'PATCH', '/api/settings', {
        pricing: { deposit: { mode: 'percent', percent: 50, balance_due_days_before_arrival: 0 } },
        payment_instructions: { gcash_number: '', gcash_name: '' },
      });
      expect(reset.status()).toBe(200);
    }
  });

  test('a manager adds an extra and turns it off; staff cannot edit extras', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const name = `Sunset kayak ${uniqueCode('X')}`;
    await page.goto('/settings?tab=extras');
    await expect(page.getByRole('list', { name: 'Extras' })).toContainText('Breakfast');

    await page.getByRole('button', { name: 'Add Extra' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Extra' });
    // Each field says what is wrong with it.
    await dialog.getByRole('button', { name: 'Add Extra' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await expect(dialog.getByText('Enter the price')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Price').fill('450.50');
    await dialog.getByLabel('Charged').selectOption('person');
    await dialog.getByLabel('Tax').selectOption('vatable');
    await dialog.getByRole('checkbox', { name: /Guests may pick it when booking/ }).check();
    await dialog.getByRole('button', { name: 'Add Extra' }).click();
    await expect(toastText(page, `${name} added to the extras`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page
      .getByRole('list', { name: 'Extras' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(row).toContainText('₱450.50 per guest · VATable');
    await expect(row).toContainText('Guests can book');
    // The same name twice is refused at the field.
    await page.getByRole('button', { name: 'Add Extra' }).click();
    await dialog.getByLabel('Name').fill(name.toUpperCase());
    await dialog.getByLabel('Price').fill('1');
    await dialog.getByRole('button', { name: 'Add Extra' }).click();
    await expect(dialog.getByText('An extra with this name already exists')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Guests are offered it until it is turned off.
    const offered = async () =>
      (
        (await (await page.request.get('/api/public/extras')).json()) as {
          data: { name: string }[];
        }
      ).data.map((extra) => extra.name);
    expect(await offered()).toContain(name);
    await row.getByRole('switch', { name: `${name} active` }).uncheck();
    await expect(toastText(page, `${name} is inactive`)).toBeVisible();
    await expect(row).toContainText('Inactive');
    expect(await offered()).not.toContain(name);

    // Staff: no Extras tab, and the server refuses a change.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    try {
      await signInPage(staffPage, 'staff');
      await staffPage.goto('/settings?tab=extras');
      await expect(staffPage.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(staffPage.getByRole('tab', { name: 'Extras' })).toHaveCount(0);
      await expect(staffPage.getByRole('button', { name: 'Add Extra' })).toHaveCount(0);
      const refused = await apiSend(staffPage.request, 'POST', '/api/extras', {
        name: `Staff ${name}`,
        price: 1,
        charge_per: 'stay',
        tax_treatment: 'vatable',
      });
      expect(refused.status()).toBe(403);
    } finally {
      await staffContext.close();
    }
  });
});
