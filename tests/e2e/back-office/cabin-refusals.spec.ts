import { expect, test } from '../fixtures';
import { createStaffBooking, longDate, stayAt, uniqueLetters } from '../bookings/support';
import { signInPage } from '../support/auth';
import { createUnitByApi, toastText, uniqueCode } from './support';

/**
 * Issue 15, points 10, 11 and 13 on the cabin screens: a bulk status change names the bookings it
 * touches before it is applied, and Units Overview counts a Maintenance cabin as such; Delete is
 * not offered for a cabin that has bookings; every filter applies as you type, and a contradictory
 * rate range is said, not searched.
 */
test.describe('cabin refusals', () => {
  test('setting cabins to Maintenance is confirmed first, listing their upcoming bookings; the overview then says Maintenance', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const tag = uniqueCode('MNT');
    const booked = await createUnitByApi(page.request, { unit_name: `Maint ${tag} Booked` });
    const empty = await createUnitByApi(page.request, { unit_name: `Maint ${tag} Empty` });
    const guestName = `Ana ${uniqueLetters()} Reyes`;
    const stay = stayAt(40, 2);
    const booking = await createStaffBooking(page.request, {
      unitId: booked.unit_id,
      guestName,
      email: `ana.${uniqueLetters()}@example.ph`,
      stay,
    });

    await page.goto(`/units?search=${tag}`);
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all cabins on this page' }).check();
    await page.getByLabel('New status for the selected cabins').selectOption('Maintenance');
    await page.getByRole('button', { name: 'Apply' }).click();

    const dialog = page.getByRole('dialog', { name: 'Set 2 cabins to Maintenance?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1 upcoming booking in these cabins');
    const bookedSection = dialog.getByRole('region', { name: booked.unit_name });
    await expect(
      bookedSection.getByRole('link', { name: booking.booking_reference }),
    ).toBeVisible();
    await expect(bookedSection).toContainText(guestName);
    await expect(bookedSection).toContainText(longDate(stay.check_out));
    await expect(dialog.getByRole('region', { name: empty.unit_name })).toContainText(
      'No upcoming bookings',
    );

    // Nothing changes until it is confirmed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    for (const unit of [booked, empty]) {
      await expect(page.getByRole('row', { name: new RegExp(unit.unit_name) })).toContainText(
        'Available',
      );
    }

    await page.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('button', { name: 'Set to Maintenance' }).click();
    await expect(toastText(page, '2 cabins set to Maintenance')).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const unit of [booked, empty]) {
      await expect(page.getByRole('row', { name: new RegExp(unit.unit_name) })).toContainText(
        'Maintenance',
      );
    }

    // Setting cabins back to Available needs no confirmation.
    await page.getByRole('checkbox', { name: `Select ${empty.unit_name}` }).check();
    await page.getByLabel('New status for the selected cabins').selectOption('Available');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toastText(page, '1 cabin set to Available')).toBeVisible();

    // Units Overview: a Maintenance cabin with nobody in it is not "Free".
    await page.goto('/availability?view=units');
    const row = page.getByRole('row', { name: new RegExp(booked.unit_name) });
    const today = row.getByRole('cell').nth(1);
    await expect(today).toHaveText('Maintenance');
    await expect(row).toContainText('Under maintenance');
    await expect(page.getByText(/Today, .*\d+ maintenance\./)).toBeVisible();
    await expect(
      page
        .getByRole('row', { name: new RegExp(empty.unit_name) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('Free');
  });

  test('Delete is not offered for a cabin with bookings, and the reason is given', async ({
    page,
  }) => {
    await signInPage(page, 'owner');
    const tag = uniqueCode('DEL');
    const booked = await createUnitByApi(page.request, { unit_name: `Delete ${tag} Booked` });
    const free = await createUnitByApi(page.request, { unit_name: `Delete ${tag} Free` });
    await createStaffBooking(page.request, {
      unitId: booked.unit_id,
      guestName: `Ben ${uniqueLetters()} Cruz`,
      email: `ben.${uniqueLetters()}@example.ph`,
      stay: stayAt(60, 1),
    });

    await page.goto(`/units/${booked.unit_id}`);
    await expect(page.getByRole('heading', { level: 1, name: booked.unit_name })).toBeVisible();
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(
      'Has 1 booking: cannot be deleted. Set it to Maintenance instead.',
    );

    await page.goto(`/units/${free.unit_id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete Cabin' }).click();
    await expect(toastText(page, `${free.unit_name} deleted`)).toBeVisible();
  });

  test('every filter applies as you type; a minimum above the maximum is said at the field and not searched', async ({
    page,
  }) => {
    const tag = uniqueCode('FLT');
    await signInPage(page, 'manager');
    const cheap = await createUnitByApi(page.request, {
      unit_name: `Filter ${tag} Cheap`,
      base_rate: 2000,
      weekend_rate: 2000,
    });
    const dear = await createUnitByApi(page.request, {
      unit_name: `Filter ${tag} Dear`,
      base_rate: 3000,
      weekend_rate: 3000,
      max_occupancy: 6,
      base_occupancy: 2,
    });
    const listQueries: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname === '/api/units') listQueries.push(url);
    });

    await page.goto(`/units?search=${tag}`);
    const rowOf = (unit: { unit_name: string }) =>
      page.getByRole('row', { name: new RegExp(unit.unit_name) });
    await expect(rowOf(cheap)).toBeVisible();
    await expect(rowOf(dear)).toBeVisible();

    // Typed, never Enter nor leaving the field: the list follows.
    const minimum = page.getByLabel('Minimum rate (₱)');
    await minimum.fill('2500');
    await expect(page).toHaveURL(/min_rate=2500/);
    await expect(rowOf(cheap)).toHaveCount(0);
    await expect(rowOf(dear)).toBeVisible();
    await expect(minimum).toBeFocused();

    await minimum.fill('');
    await page.getByLabel('Guests at least').fill('5');
    await expect(page).toHaveURL(/min_occupancy=5/);
    await expect(page).not.toHaveURL(/min_rate=/);
    await expect(rowOf(cheap)).toHaveCount(0);
    await expect(rowOf(dear)).toBeVisible();
    await page.getByLabel('Guests at least').fill('');
    await expect(rowOf(cheap)).toBeVisible();

    // A contradictory range: the message is at the minimum, and the list is not asked for it.
    await minimum.fill('2500');
    await expect(page).toHaveURL(/min_rate=2500/);
    await page.getByLabel('Maximum rate (₱)').fill('1000');
    await expect(minimum).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await minimum.getAttribute('aria-describedby');
    const errorId = describedBy?.split(' ').find((part) => part.endsWith('-error'));
    await expect(page.locator(`[id="${errorId ?? 'none'}"]`)).toHaveText(
      'Minimum must not be above maximum',
    );
    await expect(minimum).toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/max_rate=1000/);
    expect(
      listQueries.filter(
        (url) => url.searchParams.get('min_rate') === '2500' && url.searchParams.has('max_rate'),
      ),
    ).toEqual([]);

    // Put right, it applies.
    await page.getByLabel('Maximum rate (₱)').fill('3500');
    await expect(page).toHaveURL(/max_rate=3500/);
    await expect(page.locator(`[id="${errorId ?? 'none'}"]`)).toHaveCount(0);
    await expect(rowOf(dear)).toBeVisible();
    await expect(rowOf(cheap)).toHaveCount(0);

    // The same range typed into the address is not searched either.
    await page.goto(`/units?search=${tag}&min_rate=5000&max_rate=1000`);
    await expect(page.getByText('Change the minimum or maximum rate to see cabins.')).toBeVisible();
    await expect(page.getByLabel('Minimum rate (₱)')).toHaveAttribute('aria-invalid', 'true');
    expect(listQueries.filter((url) => url.searchParams.get('min_rate') === '5000')).toEqual([]);
  });
});
