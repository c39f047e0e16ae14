import { expect, test } from '../fixtures';
import { signInPage } from '../support/auth';
import { createUnitByApi, toastText, uniqueCode } from './support';

test.describe('cabins', () => {
  test('an owner adds a cabin, seeing each validation message first, and guests are offered it', async ({
    page,
  }) => {
    await signInPage(page, 'owner');
    await page.goto('/units');
    await expect(page.getByRole('heading', { level: 1, name: 'Cabins' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Sunset Beachfront Cabin', exact: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add Cabin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Cabin' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Create Cabin' });
    // Labels end in a required marker (*), so they are matched as text, not exactly.
    const field = (label: string) => dialog.getByLabel(label);
    const errorOf = async (label: string) => {
      const id = await field(label).getAttribute('aria-describedby');
      const errorId = id?.split(' ').find((part) => part.endsWith('-error'));
      return errorId ? dialog.locator(`[id="${errorId}"]`) : dialog.locator('#none');
    };
    const expectError = async (label: string, message: string) => {
      await expect(await errorOf(label)).toHaveText(message);
    };

    // Nothing filled in.
    await submit.click();
    await expectError('Cabin name', 'This field is required');
    await expectError('Unit code', 'This field is required');
    await expectError('Unit type', 'Please select a cabin type');
    await expectError('Base rate (₱ per night)', 'Please enter a valid rate');

    // Each rule of SPEC §5's unit form.
    await field('Cabin name').fill('x'.repeat(51));
    await field('Unit code').fill('a-1');
    await field('Base occupancy').fill('0');
    await field('Maximum occupancy').fill('21');
    await field('Base rate (₱ per night)').fill('50');
    await field('Weekend rate (₱ per night)').fill('1000001');
    await field('Extra person rate (₱ per night)').fill('-5');
    await submit.click();
    await expectError('Cabin name', 'Must be 50 characters or less');
    await expectError('Unit code', 'Cabin code must be alphanumeric (e.g., A101, B205)');
    await expectError('Base occupancy', 'Base occupancy must be at least 1');
    await expectError('Maximum occupancy', 'Maximum occupancy cannot exceed 20 guests');
    await expectError('Base rate (₱ per night)', 'Rate must be at least ₱100');
    await expectError('Weekend rate (₱ per night)', 'Rate cannot exceed ₱1,000,000');
    await expectError('Extra person rate (₱ per night)', 'Extra person rate cannot be negative');

    await field('Unit code').fill('ABCDEFGHIJK');
    await field('Base occupancy').fill('21');
    await field('Maximum occupancy').fill('0');
    await field('Extra person rate (₱ per night)').fill('50001');
    await submit.click();
    await expectError('Unit code', 'Must be 10 characters or less');
    await expectError('Base occupancy', 'Base occupancy cannot exceed 20');
    await expectError('Maximum occupancy', 'Maximum occupancy must be at least 1');
    await expectError('Extra person rate (₱ per night)', 'Extra person rate cannot exceed ₱50,000');

    // The cross-field rules.
    await field('Base occupancy').fill('5');
    await field('Maximum occupancy').fill('4');
    await field('Base rate (₱ per night)').fill('3000');
    await field('Weekend rate (₱ per night)').fill('2500');
    await submit.click();
    await expectError('Base occupancy', 'Base occupancy cannot exceed maximum occupancy');
    await expectError(
      'Weekend rate (₱ per night)',
      'Weekend rate should be equal to or higher than base rate',
    );

    // A valid cabin, with amenities as tags.
    const code = uniqueCode('NW');
    const name = `Nipa Hut ${code}`;
    await field('Cabin name').fill(name);
    await field('Unit code').fill(code);
    await field('Unit type').selectOption('Studio');
    await field('Base occupancy').fill('2');
    await field('Maximum occupancy').fill('4');
    await field('Weekend rate (₱ per night)').fill('3600');
    await field('Extra person rate (₱ per night)').fill('450');
    const amenities = dialog.getByRole('textbox', { name: 'Amenities' });
    await amenities.fill('Hammock');
    await amenities.press('Enter');
    await amenities.fill('Outdoor shower');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await amenities.fill('Typo');
    await amenities.press('Enter');
    await dialog.getByRole('button', { name: 'Remove Typo' }).click();
    await expect(dialog.getByRole('list', { name: 'Amenities' }).getByRole('listitem')).toHaveText([
      /Hammock/,
      /Outdoor shower/,
    ]);
    await submit.click();
    await expect(toastText(page, `${name} added`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Studio');
    await expect(row).toContainText('₱3,000');
    await expect(row).toContainText('Hammock');

    // The detail page.
    await row.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('No bookings yet')).toBeVisible();

    // Guests see it on the booking form.
    await page.goto('/guest-booking');
    await expect(page.getByLabel('Cabin').locator('option', { hasText: name })).toHaveCount(1);
  });

  test('a manager changes the status of selected cabins; staff cannot edit', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const tag = uniqueCode('BULK');
    const first = await createUnitByApi(page.request, { unit_name: `Bulk ${tag} One` });
    const second = await createUnitByApi(page.request, { unit_name: `Bulk ${tag} Two` });
    await page.goto(`/units?search=${tag}`);
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: `Select ${first.unit_name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second.unit_name}` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByLabel('New status for the selected cabins').selectOption('Maintenance');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('dialog', { name: 'Set 2 cabins to Maintenance?' })
      .getByRole('button', { name: 'Set to Maintenance' })
      .click();
    await expect(toastText(page, '2 cabins set to Maintenance')).toBeVisible();
    for (const unit of [first, second]) {
      await expect(page.getByRole('row', { name: new RegExp(unit.unit_name) })).toContainText(
        'Maintenance',
      );
    }
    await page.getByLabel('Status', { exact: true }).selectOption('Available');
    await expect(page.getByText('No cabins match these filters')).toBeVisible();

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInPage(staffPage, 'staff');
    await staffPage.goto(`/units?search=${tag}`);
    await expect(staffPage.getByRole('link', { name: first.unit_name, exact: true })).toBeVisible();
    await expect(staffPage.getByRole('button', { name: 'Add Cabin' })).toHaveCount(0);
    await expect(staffPage.getByRole('checkbox')).toHaveCount(0);
    await staffPage.goto(`/units/${first.unit_id}/edit`);
    await expect(
      staffPage.getByText('You do not have permission to edit cabins. Manager role required.'),
    ).toBeVisible();
    await staffContext.close();
  });

  test('the Settings Units tab edits a cabin in a dialog; staff only see the list', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const tag = uniqueCode('SET');
    const unit = await createUnitByApi(page.request, { unit_name: `Settings ${tag}` });
    await page.goto('/settings?tab=units');
    await expect(page.getByRole('tab', { name: 'Units' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: `Edit ${unit.unit_name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${unit.unit_name}` });
    await dialog.getByLabel('Cabin name').fill(`Renamed ${tag}`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Edit Renamed ${tag}` })).toBeVisible();
    const fetched = await page.request.get(`/api/units/${unit.unit_id}`);
    expect(((await fetched.json()) as { data: { unit_name: string } }).data.unit_name).toBe(
      `Renamed ${tag}`,
    );

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInPage(staffPage, 'staff');
    await staffPage.goto('/settings?tab=units');
    await expect(staffPage.getByText(`Renamed ${tag}`, { exact: true })).toBeVisible();
    await expect(staffPage.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(staffPage.getByRole('button', { name: 'Add Cabin' })).toHaveCount(0);
    await staffContext.close();
  });

  test.describe('a missing cabin', () => {
    test.use({ allowProblems: [/404 GET .*\/api\/units\/|status of 404/] });
    test('shows "Cabin Not Found"', async ({ page }) => {
      await signInPage(page, 'staff');
      await page.goto('/units/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Cabin Not Found' })).toBeVisible();
    });
  });
});
