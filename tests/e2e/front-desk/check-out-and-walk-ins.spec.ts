import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { toastText } from '../back-office/support';
import { signInPage } from '../support/auth';
import {
  addDays,
  createDeskBooking,
  createDeskCabin,
  deskGuestName,
  manilaToday,
  setStatusByApi,
} from './support';

test.describe('front desk: check-out with a balance, walk-ins, the source filter', () => {
  test('check-out with a balance due warns; staff are told a manager must approve; a manager overrides with a reason', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInPage(page, 'manager');
    const request = page.context().request;
    const today = manilaToday();
    const tomorrow = addDays(today, 1);
    const cabin = await createDeskCabin(request, 'Checkout');
    // Nothing paid: the whole stay is owed.
    const booking = await createDeskBooking(request, {
      unitId: cabin.unit_id,
      guestName: deskGuestName('Owing'),
      check_in: today,
      check_out: tomorrow,
    });
    await setStatusByApi(request, booking.booking_id, 'Confirmed');
    await setStatusByApi(request, booking.booking_id, 'CheckedIn');
    const guest = booking.guest_name;

    // Tomorrow's departures, as a member of staff at a phone's width.
    await signInPage(page, 'staff');
    await atPhoneWidth(page);
    await page.goto(`/front-desk?date=${tomorrow}`);
    const departures = page.getByRole('region', { name: /^Departures/ });
    const card = departures.getByRole('listitem', { name: new RegExp(guest) });
    await expect(card).toContainText(cabin.unit_name);
    await card.getByRole('button', { name: `Check Out ${guest}` }).click();
    let dialog = page.getByRole('dialog', { name: `Check out ${guest}?` });
    await expect(dialog.getByRole('alert')).toContainText(
      /This booking has a balance due of ₱[\d,]+\.\d\d/,
    );
    await expect(dialog).toContainText('A manager must approve checking out with a balance due.');
    await expect(dialog.getByRole('button', { name: 'Check Out Anyway' })).toBeDisabled();
    await expect(dialog.getByLabel(/Reason/)).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await dialog.getByRole('button', { name: 'Go Back' }).click();

    // A manager checks out anyway, with a reason (required).
    await signInPage(page, 'manager');
    await page.reload();
    await card.getByRole('button', { name: `Check Out ${guest}` }).click();
    dialog = page.getByRole('dialog', { name: `Check out ${guest}?` });
    await dialog.getByRole('button', { name: 'Check Out Anyway' }).click();
    const reason = dialog.getByLabel('Reason for checking out with a balance due');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await reason.fill('Guest pays by bank transfer tomorrow');
    await dialog.getByRole('button', { name: 'Check Out Anyway' }).click();
    await expect(toastText(page, `${guest} checked out`)).toBeVisible();
    await expect(card).toContainText('Checked Out');
    await expect(card.getByRole('button', { name: /Check Out/ })).toHaveCount(0);
  });

  test('a walk-in is booked without an e-mail, checked in with an ID, and found by the source filter', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const manager = await signInPage(page, 'manager');
    const request = page.context().request;
    const today = manilaToday();
    const cabin = await createDeskCabin(request, 'Walkin');
    const guest = deskGuestName('Walkin');

    await atPhoneWidth(page);
    await page.goto('/bookings');
    await page.getByRole('button', { name: 'New Booking' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Booking' });
    await dialog.getByLabel('Cabin').selectOption(cabin.unit_id);
    await dialog.getByLabel('Check-in').fill(today);
    await dialog.getByLabel('Check-out').fill(addDays(today, 1));
    await dialog.getByLabel('Guests').fill('2');
    await dialog.getByLabel('Guest name').fill(guest);
    // No e-mail: the source follows, Walk-in.
    await expect(dialog.getByLabel('Source')).toHaveValue('walk_in');
    // Neither an e-mail nor a phone number: refused at the e-mail.
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(
      /Enter an e-mail address or a phone number/,
    );
    await dialog.getByLabel('Contact number').fill('09171234567');
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(toastText(page, /Booking created successfully! Reference: /)).toBeVisible();

    // The booking: a walk-in made by the manager, with no e-mail address.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/-/);
    const reference = (await heading.textContent())!.trim();
    const stay = page.getByRole('definition');
    await expect(stay.filter({ hasText: /^Walk-in$/ })).toBeVisible();
    await expect(stay.filter({ hasText: manager.name })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // Checking in a walk-in needs the guest's ID.
    const bookingId = page.url().split('/bookings/')[1]!.split(/[?#]/)[0]!;
    await setStatusByApi(request, bookingId, 'Confirmed');
    await page.reload();
    await page.getByRole('button', { name: 'Check In' }).click();
    const checkIn = page.getByRole('dialog', { name: `Check in ${guest}?` });
    await expect(checkIn).toContainText(
      "This booking has no e-mail address: record the guest's ID.",
    );
    await checkIn.getByRole('button', { name: 'Check In' }).click();
    await expect(checkIn.getByLabel('ID type')).toHaveAccessibleDescription(
      'Please choose an ID type',
    );
    await expect(checkIn.getByLabel('ID number')).toHaveAccessibleDescription(
      "Enter the ID's number",
    );
    await checkIn.getByLabel('ID type').selectOption('philsys');
    await checkIn.getByLabel('ID number').fill('1234-5678-9012');
    await checkIn.getByRole('button', { name: 'Check In' }).click();
    await expect(toastText(page, `${guest} checked in`)).toBeVisible();
    await expect(page.getByText('PhilSys national ID ending 9012')).toBeVisible();

    // The bookings list filters by source, kept in the URL.
    await page.goto('/bookings');
    await page.getByLabel('Source').selectOption('walk_in');
    await expect(page).toHaveURL(/[?&]source=walk_in/);
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill(reference);
    await page.getByRole('searchbox', { name: 'Search bookings' }).press('Enter');
    await expect(page.getByText(guest).first()).toBeVisible();
    await page.getByLabel('Source').selectOption('airbnb');
    await expect(page).toHaveURL(/[?&]source=airbnb/);
    await expect(page.getByText(guest)).toHaveCount(0);
  });
});
