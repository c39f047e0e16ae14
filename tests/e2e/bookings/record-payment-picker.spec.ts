import { expect, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { signInContext, signInPage } from '../support/auth';
import { createStaffBooking, recordPaymentByApi, stayAt, uniqueLetters } from './support';

/*
 * Issue 15, point 17: the Record Payment dialog finds any booking, not only the newest page, and
 * fills the amount with the chosen booking's balance due. Stays 760 days ahead and more.
 */

test('Record Payment finds an older booking by guest name and fills in its balance due', async ({
  page,
  browser,
}) => {
  const manager = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInContext(manager, 'manager');
  const cabin = await createUnitByApi(manager.request, { max_occupancy: 4 });
  const name = `Older ${uniqueLetters()}`;
  const older = await createStaffBooking(manager.request, {
    unitId: cabin.unit_id,
    guestName: name,
    email: `older.${uniqueLetters()}@example.ph`,
    stay: stayAt(760, 3),
  });
  // Recorded by a manager: verified at once, so it counts against the total.
  await recordPaymentByApi(manager.request, older.booking_id, 1000.5);
  for (let night = 0; night < 11; night += 1) {
    await createStaffBooking(manager.request, {
      unitId: cabin.unit_id,
      guestName: `Newer ${uniqueLetters()}`,
      email: `newer.${uniqueLetters()}@example.ph`,
      stay: stayAt(770 + night, 1),
    });
  }
  await manager.close();
  const balanceCentavos = Math.round(older.total_amount * 100) - 100050;

  await signInPage(page, 'staff');
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Payment' });
  const picker = dialog.getByRole('combobox', { name: 'Booking', exact: true });
  await dialog.getByLabel('Find the booking').fill(name);
  const option = picker.locator('option', { hasText: older.booking_reference });
  await expect(option).toHaveCount(1);
  await picker.selectOption(older.booking_id);

  const amount = dialog.getByLabel('Amount');
  await expect(amount).toHaveValue(String(balanceCentavos / 100));
  const pesos = (balanceCentavos / 100).toLocaleString('en-PH', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  await expect(dialog.getByTestId('picked-balance')).toHaveText(`Balance due: ₱${pesos}`);
});
