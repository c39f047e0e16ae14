import { FIXTURES } from '../guest/proof-files';
import { findMail } from '../guest/guest-helpers';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { apiSend, signInPage } from '../support/auth';
import {
  createGuestBookingWithProof,
  createStaffBooking,
  recordPaymentByApi,
  stayAt,
  toast,
  uniqueLetters,
  unitByCode,
} from './support';

test.describe('payments (manager)', () => {
  test('the guest booking made on the public page: view its proof, verify, confirm, e-mail; check-in waits for arrival', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'GC1');
    // The public flow, from another (anonymous) browser context.
    const anonymous = await browser.newContext();
    const { guest, booking } = await createGuestBookingWithProof(anonymous.request, {
      unitId: unit.unit_id,
      stay: stayAt(560, 2),
      tag: 'verify',
    });
    await anonymous.close();

    // Find it in the list.
    await page.goto('/bookings');
    await page.getByLabel('Search bookings').fill(booking.booking_reference);
    // The search has run (the list is redrawn with its result) before a row is clicked: a click
    // on the unfiltered list's row can land while that list is being replaced.
    await expect(page).toHaveURL(new RegExp(`search=${booking.booking_reference}`));
    const row = page.getByRole('row', { name: new RegExp(booking.booking_reference) });
    await expect(row).toContainText('Pending');
    await row.getByRole('link', { name: booking.booking_reference }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(booking.booking_reference);

    // Its payment, with the proof shown from the private bucket.
    await page
      .getByRole('region', { name: 'Payments of this booking' })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
    const proof = page.getByRole('img', { name: `Payment proof for ${booking.booking_reference}` });
    await expect(proof).toBeVisible();
    await expect
      .poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // Verify, confirming the booking in the same step.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify payment' });
    await expect(dialog.getByLabel(/Also confirm the booking/)).toBeChecked();
    await dialog.getByRole('button', { name: 'Verify Payment' }).click();
    await expect(
      toast(page, 'Payment verified. The booking is confirmed and the guest was e-mailed.'),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText('Completed').first()).toBeVisible();
    await expect(page.getByRole('main').getByText('Confirmed').first()).toBeVisible();

    // The written confirmation (SPEC §1) is in the outbox.
    await expect
      .poll(() => findMail(`Booking confirmed: ${booking.booking_reference}`).length)
      .toBeGreaterThan(0);
    expect(findMail(`Booking confirmed: ${booking.booking_reference}`)[0]).toContain(guest.email);

    // And the guest sees it on /check-booking.
    const guestPage = await browser.newPage();
    await guestPage.goto(`/check-booking?ref=${booking.booking_reference}`);
    await guestPage.getByLabel('E-mail').fill(guest.email);
    await guestPage.getByRole('button', { name: 'Check Booking' }).click();
    await expect(
      guestPage.getByText('Your booking is confirmed! We look forward to welcoming you.'),
    ).toBeVisible();
    await guestPage.close();

    // The e-mail names the verified payment (issue 15: only when there is one).
    expect(
      findMail(`Booking confirmed: ${booking.booking_reference}`)[0]!.replace(/=\r?\n/g, ''),
    ).toContain('We have verified your payment');

    // Check-in opens on the arrival day (issue 15; the full check-in is in
    // status-corrections.spec.ts).
    await page.getByRole('link', { name: booking.booking_reference }).click();
    const actions = page.getByRole('group', { name: 'Change booking status' });
    await actions.getByRole('button', { name: 'Check In' }).click();
    const checkIn = page.getByRole('dialog', { name: /^Check in / });
    await expect(checkIn).toContainText('Check-in opens on the arrival day');
    await expect(checkIn.getByRole('button', { name: 'Check In' })).toBeDisabled();
  });

  test('records a payment with a PNG proof from the booking page, with SPEC §5 messages first', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'VL1');
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Payer ${uniqueLetters()}`,
      email: `payer.${uniqueLetters()}@example.ph`,
      stay: stayAt(570, 1),
    });
    await page.goto(`/bookings/${booking.booking_id}`);
    await page.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record New Payment' });
    const amount = dialog.getByLabel('Amount');
    await amount.fill('');
    await amount.pressSequentially('5a0.999');
    await expect(amount).toHaveValue('50.99');
    // Leaving the field shows its message (the form moves down as it appears).
    await amount.blur();
    await expect(dialog.getByText('Amount must be at least ₱100.00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expect(dialog.getByText('Please select a payment method')).toBeVisible();
    await expect(dialog.getByText('Payment proof is required')).toBeVisible();

    await amount.fill('6000');
    await dialog.getByLabel('Payment method').selectOption('BankTransfer');
    await dialog.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
    await expect(dialog.getByTestId('proof-name')).toBeVisible();
    await dialog.getByLabel('Notes').fill('Deposit');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expect(toast(page, 'Payment of ₱6,000.00 recorded and verified')).toBeVisible();
    const payments = page.getByRole('region', { name: 'Payments of this booking' });
    await expect(payments.getByRole('row').nth(1)).toContainText('₱6,000.00');
    await expect(payments.getByRole('row').nth(1)).toContainText('Completed');
    // Issue 17: ₱6,000 covers the 50% deposit of one night in the villa, not the whole stay.
    await expect(page.getByRole('main').getByText('Deposit paid').first()).toBeVisible();
    // A booking with a proof still fits a phone (the proof link's hidden text included).
    await atPhoneWidth(page);
    await expect(payments.getByRole('link', { name: /View proof/ })).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
  });

  test('cancelling a paid booking shows the refund figure and records the refund', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'BF1');
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Refund ${uniqueLetters()}`,
      email: `refund.${uniqueLetters()}@example.ph`,
      stay: stayAt(580, 1),
    });
    await recordPaymentByApi(page.request, booking.booking_id, 4000);
    await page.goto(`/bookings/${booking.booking_id}`);
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog', { name: /Cancel booking/ });
    await expect(dialog.getByTestId('refund-preview')).toContainText('₱4,000.00');
    await expect(dialog.getByTestId('refund-preview')).toContainText('90%');
    await expect(dialog.getByTestId('refund-amount')).toHaveText('₱3,600.00');
    await dialog.getByLabel('Reason for cancelling').fill('Flight cancelled');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(
      toast(page, 'Booking cancelled. Refund of ₱3,600.00 (90%) recorded.'),
    ).toBeVisible();
    const payments = page.getByRole('region', { name: 'Payments of this booking' });
    await expect(payments.getByText('Refunded')).toBeVisible();
    await expect(payments).toContainText('−₱3,600.00');
  });

  test('the payments list filters by status and search, and fits a phone', async ({ page }) => {
    await atPhoneWidth(page);
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'VL1');
    const name = `Listpay ${uniqueLetters()}`;
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: name,
      email: `listpay.${uniqueLetters()}@example.ph`,
      stay: stayAt(590, 1),
    });
    await recordPaymentByApi(page.request, booking.booking_id, 1500);
    await page.goto('/payments?status=Completed');
    await page.getByLabel('Search payments').fill(booking.booking_reference);
    await expect(page).toHaveURL(new RegExp(`search=${booking.booking_reference}`));
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(name);
    await page.getByLabel('Status').selectOption('Pending');
    await expect(page.getByText('No payments found')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('Pending');
    await expect(page.getByLabel('Search payments')).toHaveValue(booking.booking_reference);
    await expectNoHorizontalOverflow(page);
  });
});

test.describe('payments (staff)', () => {
  test('the payment edit page answers with the permission message and the API refuses it', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    const list = await page.request.get('/api/payments?page_size=1');
    const { data } = (await list.json()) as { data: { payment_id: string }[] };
    const paymentId = data[0]!.payment_id;
    await page.goto(`/payments/${paymentId}/edit`);
    await expect(
      page.getByText('You do not have permission to edit payments. Manager role required.'),
    ).toBeVisible();
    const response = await apiSend(page.request, 'PATCH', `/api/payments/${paymentId}`, {
      notes: 'Staff tried this',
    });
    expect(response.status()).toBe(403);
    const verify = await apiSend(page.request, 'POST', `/api/payments/${paymentId}/verify`, {});
    expect(verify.status()).toBe(403);
    await page.goto(`/payments/${paymentId}`);
    await expect(page.getByRole('heading', { name: 'Payment proof' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
  });
});
