import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { signInPage } from '../support/auth';
import { allowing } from '../support/problems';
import {
  createGuestBookingWithProof,
  createStaffBooking,
  stayAt,
  toast,
  uniqueLetters,
} from './support';

/*
 * Issue 15: corrections to the staff booking screens (points 5, 6 and 12). Stays use offsets 700
 * days ahead and more, on cabins each test makes, so no other spec takes their nights.
 */

test.describe('staff booking screens', () => {
  test('the wizard moves on with one press of Next once the guest fields are fixed', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const cabin = await createUnitByApi(page.request, { max_occupancy: 4 });
    const stay = stayAt(700, 2);
    await page.goto('/bookings-new-multi');
    await page.getByLabel('Check-in').fill(stay.check_in);
    await page.getByLabel('Check-out').fill(stay.check_out);
    const card = page.getByRole('article', { name: cabin.unit_name });
    await card.getByRole('button', { name: 'Add to Booking' }).click();
    await expect(card.getByText('Selected', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 2: Primary guest' })).toBeVisible();

    // A failed Next shows the fields' messages (issue 22: an e-mail address or a phone number).
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Enter an e-mail address or a phone number')).toBeVisible();

    await page.getByLabel('Guest name').fill('Group Organiser');
    await page.getByLabel('E-mail').fill(`group.${uniqueLetters()}@example.ph`);
    await page.getByLabel('Contact number').fill('+63 917 555 0123');
    // A person's click: the button goes down, and comes up a moment later.
    await page.getByRole('button', { name: 'Next' }).click({ delay: 150 });
    await expect(page.getByRole('heading', { name: 'Step 3: Review and payment' })).toBeVisible();
  });

  test('New Booking submitted empty flags every required field, in the words of the screen', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    await atPhoneWidth(page);
    await page.goto('/bookings');
    await page.getByRole('button', { name: 'New Booking' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Booking' });
    await dialog.getByRole('button', { name: 'Create Booking' }).click();

    // Where the phone's screen shows the dialog's top, every field to fix is named. Issue 22: a
    // walk-in gives an e-mail address or a phone number, so the contact is one message at E-mail.
    const required = ['Cabin', 'Check-in', 'Check-out', 'Guest name', 'E-mail'];
    const summary = dialog.getByRole('alert').filter({ hasText: 'Please check these' });
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole('listitem')).toHaveText(required);
    await expect(dialog.getByText('Please select a cabin')).toBeVisible();
    for (const label of required) {
      await expect(dialog.getByLabel(label), label).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(dialog.getByText(/\bunits?\b/i)).toHaveCount(0);
    await expect(dialog.getByText('Enter an e-mail address or a phone number')).toBeVisible();
    await expect(dialog.getByLabel('Contact number')).not.toHaveAttribute('aria-invalid', 'true');
    // Each name leads to its field.
    await summary.getByRole('button', { name: 'E-mail' }).click();
    await expect(dialog.getByLabel('E-mail')).toBeFocused();
  });

  test('New Booking keeps 9 guests typed for a cabin of 4 and says so instead of lowering it', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const cabin = await createUnitByApi(page.request, { max_occupancy: 4 });
    await page.goto('/bookings');
    await page.getByRole('button', { name: 'New Booking' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Booking' });
    await dialog.getByLabel('Cabin').selectOption(cabin.unit_id);
    const guests = dialog.getByLabel('Guests');
    await guests.fill('9');
    await guests.blur();
    await expect(guests).toHaveValue('9');
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(dialog.getByText('At most 4 guests for this cabin')).toBeVisible();
    await expect(guests).toHaveAttribute('aria-invalid', 'true');
    await expect(guests).toHaveValue('9');
  });

  test('editing keeps 9 guests typed into a 1 to 4 field and says so instead of saving 4', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const cabin = await createUnitByApi(page.request, { max_occupancy: 4 });
    const booking = await createStaffBooking(page.request, {
      unitId: cabin.unit_id,
      guestName: `Edit ${uniqueLetters()}`,
      email: `edit.${uniqueLetters()}@example.ph`,
      stay: stayAt(710, 2),
    });
    await page.goto(`/bookings/${booking.booking_id}/edit`);
    const guests = page.getByLabel('Guests');
    await guests.fill('9');
    await guests.blur();
    await expect(guests).toHaveValue('9');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('At most 4 guests for this cabin')).toBeVisible();
    await expect(guests).toHaveAttribute('aria-invalid', 'true');
    await expect(guests).toHaveValue('9');
    await expect(page).toHaveURL(/\/edit$/);

    const stored = await page.request.get(`/api/bookings/${booking.booking_id}`);
    expect(((await stored.json()) as { data: { num_guests: number } }).data.num_guests).toBe(2);
  });
});

test.describe('booking statuses, labelled', () => {
  test('the booking page labels its two badges, and a phone lists bookings as cards', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const cabin = await createUnitByApi(page.request, { max_occupancy: 4 });
    await signInPage(page, 'staff');
    const stay = stayAt(740, 2);
    const { booking, guest } = await createGuestBookingWithProof(page.request, {
      unitId: cabin.unit_id,
      stay,
      tag: 'labelled',
    });
    await page.goto(`/bookings/${booking.booking_id}`);
    const header = page.getByRole('main');
    await expect(header.getByText('Booking: Pending', { exact: true })).toBeVisible();
    await expect(header.getByText('Payment: Pending verification', { exact: true })).toBeVisible();

    await atPhoneWidth(page);
    await page.goto(`/bookings?search=${booking.booking_reference}`);
    const card = page.getByRole('link', {
      name: new RegExp(`^${booking.booking_reference}.*${guest.name}`),
    });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(card).toContainText(cabin.unit_name);
    const [, month, day] = stay.check_in.split('-');
    const monthName = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-US', {
      month: 'short',
      timeZone: 'UTC',
    });
    await expect(card).toContainText(`${monthName} ${day}`);
    await expect(card).toContainText('Booking: Pending');
    await expect(card).toContainText('Payment: Pending verification');
    await expect(card.getByTestId('booking-card-total')).toHaveText(/^₱[\d,]+\.\d{2}$/);
    await expectNoHorizontalOverflow(page);
    await card.focus();
    await expect(card).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/bookings/${booking.booking_id}$`));
  });
});

test.describe('staff booking screens: a refused edit', () => {
  test.use({ allowProblems: allowing(/409 PATCH .*\/api\/bookings\/|status of 409/) });

  test('a date conflict shows beside the dates, and the error toast leaves Save free', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const cabin = await createUnitByApi(page.request, { max_occupancy: 4 });
    const taken = stayAt(720, 2);
    await createStaffBooking(page.request, {
      unitId: cabin.unit_id,
      guestName: `Taken ${uniqueLetters()}`,
      email: `taken.${uniqueLetters()}@example.ph`,
      stay: taken,
    });
    const booking = await createStaffBooking(page.request, {
      unitId: cabin.unit_id,
      guestName: `Mover ${uniqueLetters()}`,
      email: `mover.${uniqueLetters()}@example.ph`,
      stay: stayAt(730, 2),
    });
    for (const size of [
      { width: 360, height: 740 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/bookings/${booking.booking_id}/edit`);
      await page.getByLabel('Check-in').fill(taken.check_in);
      await page.getByLabel('Check-out').fill(taken.check_out);
      const save = page.getByRole('button', { name: 'Save Changes' });
      await save.scrollIntoViewIfNeeded();
      await save.click();

      const checkOut = page.getByLabel('Check-out');
      await expect(checkOut).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await checkOut.getAttribute('aria-describedby')) ?? '';
      const message = page.locator(`[id="${describedBy.split(' ').at(-1)}"]`);
      await expect(message).toContainText(`${cabin.unit_name} is not available from`);

      const errorToast = toast(page, new RegExp(`${cabin.unit_name} is not available`));
      await expect(errorToast).toBeVisible();
      const toastBox = await page
        .getByRole('region', { name: 'Notifications' })
        .locator('li')
        .first()
        .boundingBox();
      await save.scrollIntoViewIfNeeded();
      const saveBox = await save.boundingBox();
      expect(toastBox && saveBox).toBeTruthy();
      const overlaps =
        toastBox!.x < saveBox!.x + saveBox!.width &&
        saveBox!.x < toastBox!.x + toastBox!.width &&
        toastBox!.y < saveBox!.y + saveBox!.height &&
        saveBox!.y < toastBox!.y + toastBox!.height;
      expect(overlaps, `toast over Save at ${size.width}px`).toBe(false);
      // An error toast closes by itself within seconds, even with the pointer resting on Save.
      await save.hover();
      await expect(errorToast).toBeHidden({ timeout: 9_000 });
    }
  });
});
