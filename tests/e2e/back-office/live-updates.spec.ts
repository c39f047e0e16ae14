import { expect, test } from '../fixtures';
import { createBookingByApi, newGuest, stay } from '../guest/guest-helpers';
import { signInPage } from '../support/auth';
import { createUnitByApi } from './support';

test.describe('live updates', () => {
  test('a booking made in another browser appears on the tape chart without a reload', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const dates = stay(9, 2);
    await page.goto(`/availability?date=${dates.checkIn.slice(0, 7)}&unit=${unit.unit_id}`);
    const row = page.getByRole('row', { name: new RegExp(unit.unit_name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link')).toHaveCount(1); // only the cabin's own link
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { liveMark: number }).liveMark = 42;
    });

    const guestContext = await browser.newContext();
    const guest = newGuest('live');
    const created = await createBookingByApi(guestContext.request, {
      ...guest,
      unitId: unit.unit_id,
      checkIn: dates.checkIn,
      checkOut: dates.checkOut,
      file: { name: 'proof.png', type: 'image/png', size: 2000 },
    });
    await guestContext.close();

    const bar = row.getByRole('link', {
      name: new RegExp(`^${guest.name}, Pending, ${created.booking.booking_reference}`),
    });
    await expect(bar).toBeVisible({ timeout: 5000 });
    expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(
      42,
    );
    await expect(bar).toHaveAttribute('href', `/bookings/${created.booking.booking_id}`);
  });

  test('a booking made by a guest appears in an open bookings list without a reload', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const guest = newGuest('livelist');
    await page.goto(`/bookings?search=${encodeURIComponent(guest.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(page.getByRole('cell', { name: guest.name })).toHaveCount(0);
    await page.evaluate(() => {
      (window as unknown as { liveMark: number }).liveMark = 7;
    });

    const guestContext = await browser.newContext();
    const dates = stay(12, 2);
    const created = await createBookingByApi(guestContext.request, {
      ...guest,
      unitId: unit.unit_id,
      checkIn: dates.checkIn,
      checkOut: dates.checkOut,
      file: { name: 'proof.png', type: 'image/png', size: 2000 },
    });
    await guestContext.close();

    await expect(page.getByText(created.booking.booking_reference)).toBeVisible({
      timeout: 5000,
    });
    expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(
      7,
    );
  });
});
