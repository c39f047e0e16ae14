import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { apiSend, signInPage } from '../support/auth';
import { settledQuoteTotal } from '../support/ui';
import { createStaffBooking, longDate, stayAt, toast, uniqueLetters, unitByCode } from './support';

test.describe('bookings list (manager)', () => {
  // Typing, filtering and reloading cancel the requests that went before (TanStack Query aborts
  // them on purpose); those are not failures.
  test.use({ allowProblems: [/net::ERR_ABORTED/] });

  test("the list's search, filters, sort and page survive a reload and a visit elsewhere", async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'GC1');
    const family = `Listcheck ${uniqueLetters()}`;
    // 12 bookings for one made-up family, one night each on consecutive days.
    for (let i = 0; i < 12; i += 1) {
      await createStaffBooking(page.request, {
        unitId: unit.unit_id,
        guestName: `${family} ${'abcdefghijkl'[i]}`,
        email: `listcheck.${uniqueLetters()}@example.ph`,
        stay: stayAt(520 + i),
      });
    }

    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await page.getByLabel('Search bookings').fill(family);
    await expect(page).toHaveURL(/search=Listcheck/);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11); // header + 10
    await page.getByLabel('Status').selectOption('Pending');
    await page.getByLabel('Sort by').selectOption({ label: 'Guest name, A to Z' });
    await expect(table.getByRole('row').nth(1)).toContainText(`${family} a`);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(table.getByRole('row')).toHaveCount(3); // header + 2
    await expect(table.getByRole('row').nth(1)).toContainText(`${family} k`);
    await expect(page.getByText('Showing 11–12 of 12 bookings')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Search bookings')).toHaveValue(family);
    await expect(page.getByLabel('Status')).toHaveValue('Pending');
    await expect(page.getByLabel('Sort by')).toHaveValue('guest_name:asc');
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(table.getByRole('row').nth(1)).toContainText(`${family} k`);

    // SPEC §9: kept in session storage under booking-storage, so the navigation link brings the
    // same view back.
    const stored = await page.evaluate(() => sessionStorage.getItem('booking-storage'));
    expect(stored).toContain('Listcheck');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByRole('link', { name: 'Bookings' }).first().click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByLabel('Search bookings')).toHaveValue(family);
    await expect(table.getByRole('row').nth(1)).toContainText(`${family} k`);

    // Clearing the filters stays cleared.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/bookings$/);
    await page.reload();
    await expect(page.getByLabel('Search bookings')).toHaveValue('');
  });
});

test.describe('bookings (manager)', () => {
  test('creates a booking from the dialog with a live price, then moves it along SPEC §4', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'BF1');
    const stay = stayAt(540, 2);
    const name = `Dialog ${uniqueLetters()}`;

    await page.goto('/bookings');
    await page.getByRole('button', { name: 'New Booking' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Booking' });
    await expect(dialog).toBeVisible();

    // SPEC §5 messages before anything is filled in.
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(dialog.getByText('Please select a cabin')).toBeVisible();
    await expect(
      dialog.getByText('Name is required').or(dialog.getByText('This field is required')).first(),
    ).toBeVisible();

    await dialog.getByLabel('Cabin').selectOption(unit.unit_id);
    await dialog.getByLabel('Check-in').fill(stay.check_in);
    await dialog.getByLabel('Check-out').fill(stay.check_out);
    await dialog.getByLabel('Guests').fill('2');
    await dialog.getByLabel('Guest name').fill(name);
    await dialog.getByLabel('E-mail').fill(`${name.replace(' ', '.').toLowerCase()}@example.ph`);
    const phone = dialog.getByLabel('Contact number');
    await phone.fill('09171234567');
    await phone.blur();
    await expect(phone).toHaveValue('+63 917 123 4567');
    await dialog.getByLabel('Payment method').selectOption('GCash');
    const total = await settledQuoteTotal(dialog, 2);

    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(toast(page, /Booking created successfully! Reference: BK-\d{4}-/)).toBeVisible();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/BK-\d{4}-[A-Z2-9]{4}/);
    const price = page.getByTestId('booking-price');
    await expect(price).toContainText(total);
    await expect(
      page.getByText(`${longDate(stay.check_in)} to ${longDate(stay.check_out)}`),
    ).toBeVisible();

    // Only the legal moves are offered (SPEC §4).
    const actions = page.getByRole('group', { name: 'Change booking status' });
    await expect(actions.getByRole('button')).toHaveText(['Confirm Booking', 'Cancel Booking']);
    // Issue 15: each move is asked first; with no verified payment a manager gives a reason.
    await actions.getByRole('button', { name: 'Confirm Booking' }).click();
    const confirm = page.getByRole('dialog', { name: /^Confirm booking / });
    await confirm.getByLabel('Reason for confirming without payment').fill('Pays on arrival');
    await confirm.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(toast(page, /Booking confirmed/)).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText([
      'Check In',
      'Cancel Booking',
      'Correct Status',
    ]);
    // Check-in and check-out on the arrival day: tests/e2e/bookings/status-corrections.spec.ts.
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(page.getByText('Booking Confirmed').first()).toBeVisible();
  });

  test('the dialog warns when the chosen nights are taken in another browser meanwhile', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'VL1');
    const stay = stayAt(600 + Math.floor(Math.random() * 200), 2);
    await page.goto('/bookings');
    await page.getByRole('button', { name: 'New Booking' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Booking' });
    await dialog.getByLabel('Cabin').selectOption(unit.unit_id);
    await dialog.getByLabel('Check-in').fill(stay.check_in);
    await dialog.getByLabel('Check-out').fill(stay.check_out);
    await expect(dialog.getByTestId('quote-total')).toHaveText(/₱[\d,]+\.00/);
    const warning = dialog.getByText('These nights are not available for this cabin');
    await expect(warning).toHaveCount(0);

    // Another member of staff books the same nights.
    const other = await browser.newContext();
    await signInPage(await other.newPage(), 'staff');
    const taken = await createStaffBooking(other.request, {
      unitId: unit.unit_id,
      guestName: `Other ${uniqueLetters()}`,
      email: `other.${uniqueLetters().toLowerCase()}@example.ph`,
      stay,
    });
    await other.close();

    // The toast sits behind the modal dialog (hidden from assistive technology while it is open);
    // the dialog's own alert below is what a screen reader announces.
    await expect(
      page.getByText('Cabin availability has changed. Please verify your selection.').first(),
    ).toBeVisible({ timeout: 5000 });
    await expect(warning).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: 'not available' })).toContainText(
      'Booked',
    );
    expect(taken.booking_reference).toMatch(/^BK-/);
  });

  test('an illegal move is refused by the server with SPEC §4’s message', async ({ page }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'BF1');
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Illegal ${uniqueLetters()}`,
      email: `illegal.${uniqueLetters()}@example.ph`,
      stay: stayAt(545),
    });
    const response = await apiSend(
      page.request,
      'POST',
      `/api/bookings/${booking.booking_id}/status`,
      { status: 'CheckedOut' },
    );
    expect(response.status()).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Cannot transition from Pending to CheckedOut',
    );
    await page.goto(`/bookings/${booking.booking_id}`);
    const actions = page.getByRole('group', { name: 'Change booking status' });
    await expect(actions.getByRole('button', { name: 'Check Out' })).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Check In' })).toHaveCount(0);
  });

  test('cancelling shows the refund figure first and needs a reason', async ({ page }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'VL1');
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Cancel ${uniqueLetters()}`,
      email: `cancel.${uniqueLetters()}@example.ph`,
      stay: stayAt(550, 2),
    });
    await page.goto(`/bookings/${booking.booking_id}`);
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog', { name: /Cancel booking BK-/ });
    const preview = dialog.getByTestId('refund-preview');
    await expect(preview).toContainText('550 days before check-in');
    await expect(preview).toContainText('90%');
    await expect(dialog.getByTestId('refund-amount')).toHaveText('₱0.00');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await dialog.getByLabel('Reason for cancelling').fill('Guest changed plans');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(toast(page, 'Booking cancelled. No refund is due.')).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Reason: Guest changed plans');
    await expect(page.getByRole('group', { name: 'Change booking status' })).toHaveCount(0);
  });

  test('the list and the detail page fit a phone; the detail prints without the navigation', async ({
    page,
  }) => {
    await atPhoneWidth(page);
    await signInPage(page, 'manager');
    await page.goto('/bookings');
    await expect(page.getByRole('list', { name: 'Bookings' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    const list = await page.request.get('/api/bookings?page_size=1');
    const { data } = (await list.json()) as { data: { booking_id: string }[] };
    await page.goto(`/bookings/${data[0]!.booking_id}`);
    await expect(page.getByRole('heading', { name: 'Price' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Price' })).toBeVisible();
  });
});

test.describe('bookings (staff)', () => {
  test('the edit page answers with the permission message and the API refuses the edit', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    const list = await page.request.get('/api/bookings?page_size=1');
    const { data } = (await list.json()) as { data: { booking_id: string }[] };
    const bookingId = data[0]!.booking_id;
    await page.goto(`/bookings/${bookingId}/edit`);
    await expect(
      page.getByText('You do not have permission to edit bookings. Manager role required.'),
    ).toBeVisible();
    const response = await apiSend(page.request, 'PATCH', `/api/bookings/${bookingId}`, {
      internal_notes: 'Staff tried this',
    });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      'You do not have permission to edit bookings. Manager role required.',
    );
    // Staff see no Edit and no Cancel on the detail page.
    await page.goto(`/bookings/${bookingId}`);
    await expect(page.getByRole('heading', { name: 'Price' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  });
});

test.describe('booking edit (manager)', () => {
  test.use({ allowProblems: [/409 PATCH .*\/api\/bookings\/|status of 409 \(Conflict\)/] });

  test('a new stay is re-priced, and taken nights are refused with the dates named', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'GC1');
    const blocker = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Blocker ${uniqueLetters()}`,
      email: `blocker.${uniqueLetters()}@example.ph`,
      stay: stayAt(625, 2),
    });
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Mover ${uniqueLetters()}`,
      email: `mover.${uniqueLetters()}@example.ph`,
      stay: stayAt(620, 1),
    });
    expect(blocker.booking_id).not.toBe(booking.booking_id);

    await page.goto(`/bookings/${booking.booking_id}/edit`);
    const longer = stayAt(620, 3);
    await page.getByLabel('Check-out').fill(longer.check_out);
    const total = await settledQuoteTotal(page, 3);
    await page.getByLabel('Internal notes').fill('Extended by phone');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Booking updated')).toBeVisible();
    await expect(page.getByTestId('booking-price')).toContainText(total);
    await expect(page.getByText('Extended by phone')).toBeVisible();
    await expect(
      page.getByText(`${longDate(longer.check_in)} to ${longDate(longer.check_out)}`),
    ).toBeVisible();

    // Into the blocker's nights: refused, naming the cabin and the dates.
    await page.goto(`/bookings/${booking.booking_id}/edit`);
    const overlapping = stayAt(620, 6);
    await page.getByLabel('Check-out').fill(overlapping.check_out);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // Said at the dates (issue 15, point 6), as well as in a toast.
    await expect(page.getByLabel('Check-out')).toHaveAccessibleDescription(
      `${unit.unit_name} is not available from ${longDate(overlapping.check_in)} to ${longDate(overlapping.check_out)}. Please choose other dates.`,
    );
  });
});
