import { expect, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { signInPage } from '../support/auth';
import { allowing } from '../support/problems';
import { createStaffBooking, stayAt, toast, uniqueLetters } from './support';

/*
 * Issue 7 item 5 (SPEC §4): a status change made without a connection shows at once, waits in
 * the offline queue and is sent when the connection is back.
 */

// While offline the live-updates stream and background refreshes cannot reach the server.
test.use({ allowProblems: allowing(/ERR_INTERNET_DISCONNECTED/) });

test('a status change made offline shows at once and is saved on reconnect', async ({
  page,
  context,
}) => {
  await signInPage(page, 'manager');
  const unit = await createUnitByApi(page.request);
  const booking = await createStaffBooking(page.request, {
    unitId: unit.unit_id,
    guestName: `Offline ${uniqueLetters()}`,
    email: `offline.${uniqueLetters()}@example.ph`,
    stay: stayAt(640, 2),
  });
  await page.goto(`/bookings/${booking.booking_id}`);
  const actions = page.getByRole('group', { name: 'Change booking status' });
  await expect(actions.getByRole('button')).toHaveText(['Confirm Booking', 'Cancel Booking']);

  await context.setOffline(true);
  // Issue 15: no verified payment, so the manager's reason travels with the queued change.
  await actions.getByRole('button', { name: 'Confirm Booking' }).click();
  const dialog = page.getByRole('dialog', {
    name: `Confirm booking ${booking.booking_reference}?`,
  });
  await dialog.getByLabel('Reason for confirming without payment').fill('Confirmed by phone');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(
    toast(page, 'You are offline. The change will be saved when the connection is back.'),
  ).toBeVisible();
  // Optimistic: the page moved on at once; the server has not heard of it yet.
  await expect(actions.getByRole('button')).toHaveText([
    'Check In',
    'Cancel Booking',
    'Correct Status',
  ]);
  const before = await page.request.get(`/api/bookings/${booking.booking_id}`);
  expect(((await before.json()) as { data: { booking_status: string } }).data.booking_status).toBe(
    'Pending',
  );

  await context.setOffline(false);
  await expect(toast(page, 'Changes made offline were saved.')).toBeVisible();
  await expect
    .poll(async () => {
      const after = await page.request.get(`/api/bookings/${booking.booking_id}`);
      return ((await after.json()) as { data: { booking_status: string } }).data.booking_status;
    })
    .toBe('Confirmed');
  await expect(actions.getByRole('button')).toHaveText([
    'Check In',
    'Cancel Booking',
    'Correct Status',
  ]);
});
