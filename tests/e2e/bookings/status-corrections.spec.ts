import type { Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { outboxDir } from '../guest/guest-helpers';
import { apiSend, signInContext, signInPage } from '../support/auth';
import {
  createStaffBooking,
  longDate,
  recordPaymentByApi,
  stayAt,
  toast,
  uniqueLetters,
} from './support';

/*
 * Issue 15: status changes are asked first; check-in waits for the arrival day; a manager undoes a
 * mistaken move with a reason; confirming without a verified payment warns and needs a reason and
 * its e-mail says the payment is still due; a cancellation e-mails the guest the refund and the
 * guest card counts the cancelled booking; one booking shows one name.
 */

/** The readable text of the outbox's messages containing `text` (quoted-printable decoded). */
function mailsWith(text: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(path.join(outboxDir(), name), 'utf8'))
    .map((eml) =>
      eml
        .replace(/=\r?\n/g, '')
        .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
          Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
        ),
    )
    .filter((mail) => mail.includes(text));
}

function statusActions(page: Page) {
  return page.getByRole('group', { name: 'Change booking status' });
}

test.describe('booking status (manager)', () => {
  test('asks before each move, checks in on the arrival day, and a manager corrects a mistaken check-in with a reason', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const name = `Arrival ${uniqueLetters()}`;
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: name,
      email: `arrival.${uniqueLetters()}@example.ph`,
      stay: stayAt(0, 2),
    });
    await recordPaymentByApi(page.request, booking.booking_id, booking.total_amount);
    await page.goto(`/bookings/${booking.booking_id}`);
    const actions = statusActions(page);

    // Confirming with a verified payment: asked, no warning, no reason.
    await actions.getByRole('button', { name: 'Confirm Booking' }).click();
    let dialog = page.getByRole('dialog', {
      name: `Confirm booking ${booking.booking_reference}?`,
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('No verified payment')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(toast(page, /Booking confirmed/)).toBeVisible();

    // Checking in is asked too; going back changes nothing.
    await actions.getByRole('button', { name: 'Check In' }).click();
    dialog = page.getByRole('dialog', { name: `Check in ${name}?` });
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Check In' })).toBeVisible();
    await actions.getByRole('button', { name: 'Check In' }).click();
    await dialog.getByRole('button', { name: 'Check In' }).click();
    await expect(toast(page, `${name} checked in`)).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText(['Check Out', 'Correct Status']);

    // The mistake undone: a reason is required, at the field.
    await actions.getByRole('button', { name: 'Correct Status' }).click();
    dialog = page.getByRole('dialog', {
      name: `Correct the status of ${booking.booking_reference}?`,
    });
    await expect(dialog).toContainText('from Checked In to Confirmed');
    await dialog.getByRole('button', { name: 'Correct Status' }).click();
    const reason = dialog.getByLabel('Reason for the correction');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await reason.fill('Checked in the wrong guest');
    await dialog.getByRole('button', { name: 'Correct Status' }).click();
    await expect(toast(page, 'Status corrected to Confirmed')).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText([
      'Check In',
      'Cancel Booking',
      'Correct Status',
    ]);
    // On the booking's history, as a warning, with the reason in its details.
    const history = page.getByRole('list', { name: 'History of this booking' });
    const entry = history.getByRole('listitem').filter({ hasText: 'Booking Status Override' });
    await expect(entry.first()).toContainText('WARNING');
    await entry
      .first()
      .getByRole('button', { name: /Details/ })
      .click();
    await expect(
      page
        .getByRole('dialog')
        .getByText(/Checked in the wrong guest/)
        .first(),
    ).toBeVisible();
  });

  test('confirming without a verified payment warns, needs a reason, and the e-mail says payment is still due; check-in waits for the arrival day', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const stay = stayAt(12, 2);
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Unpaid ${uniqueLetters()}`,
      email: `unpaid.${uniqueLetters()}@example.ph`,
      stay,
    });
    await page.goto(`/bookings/${booking.booking_id}`);
    const actions = statusActions(page);

    await actions.getByRole('button', { name: 'Confirm Booking' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Confirm booking ${booking.booking_reference}?`,
    });
    await expect(dialog.getByText('No verified payment', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await dialog
      .getByLabel('Reason for confirming without payment')
      .fill('Corporate guest, invoice to follow');
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(toast(page, /Booking confirmed/)).toBeVisible();

    await expect
      .poll(() => mailsWith(`Booking confirmed: ${booking.booking_reference}`).length)
      .toBe(1);
    const [mail] = mailsWith(`Booking confirmed: ${booking.booking_reference}`);
    expect(mail).not.toContain('verified your payment');
    expect(mail).toContain('We have not received a verified payment yet');
    expect(mail).toContain('Balance due:');

    // Twelve days before arrival: the dialog says when check-in opens and cannot go ahead.
    await actions.getByRole('button', { name: 'Check In' }).click();
    const checkIn = page.getByRole('dialog', { name: /^Check in / });
    await expect(checkIn).toContainText(
      `Check-in opens on the arrival day, ${longDate(stay.check_in)}.`,
    );
    await expect(checkIn.getByRole('button', { name: 'Check In' })).toBeDisabled();
    await checkIn.getByRole('button', { name: 'Go Back' }).click();
    // And the server says the same to a direct call.
    const early = await apiSend(
      page.request,
      'POST',
      `/api/bookings/${booking.booking_id}/status`,
      {
        status: 'CheckedIn',
      },
    );
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe(
      `Check-in opens on the arrival day, ${longDate(stay.check_in)}.`,
    );
  });

  test('a cancellation e-mails the guest the refund, and the guest card counts the cancelled booking', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    // Issue 17: the refund rule applies to what was paid for the stay (an overpayment is returned
    // whole), so the stay costs more than the ₱10,000 paid: ₱8,000 a night + taxes.
    const unit = await createUnitByApi(page.request, { base_rate: 8000, weekend_rate: 8000 });
    const email = `cancelled.${uniqueLetters()}@example.ph`;
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Cancelled ${uniqueLetters()}`,
      email,
      stay: stayAt(600, 2),
    });
    await recordPaymentByApi(page.request, booking.booking_id, 10000);
    await page.goto(`/bookings/${booking.booking_id}`);
    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Cancel booking ${booking.booking_reference}?`,
    });
    await expect(dialog.getByTestId('refund-amount')).toHaveText('₱9,000.00');
    await dialog.getByLabel('Reason for cancelling').fill('Guest changed plans');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(toast(page, /Booking cancelled\. Refund of ₱9,000\.00/)).toBeVisible();

    // 90% refunded, 10% kept: one booking, cancelled, ₱1,000.00 paid.
    await expect(page.getByText('1 booking (1 cancelled) · ₱1,000.00 paid')).toBeVisible();

    await expect
      .poll(() => mailsWith(`Booking cancelled: ${booking.booking_reference}`).length)
      .toBe(1);
    const [mail] = mailsWith(`Booking cancelled: ${booking.booking_reference}`);
    expect(mail).toContain(email);
    expect(mail).toContain('Guest changed plans');
    expect(mail).toContain('We will refund ₱9,000.00: 90% of the ₱10,000.00 you paid');
  });

  test('one booking shows one name; the guest page shows the newest name given', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const email = `maria.${uniqueLetters()}@example.ph`;
    const first = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: 'Maria Santos',
      email,
      stay: stayAt(610, 1),
    });
    await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: 'Maria Clara Santos',
      email,
      stay: stayAt(612, 1),
    });

    // The first booking keeps the name it was made with, on its page and on its payment's page.
    await page.goto(`/bookings/${first.booking_id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Maria Santos', exact: true })).toBeVisible();
    await expect(main.getByText('Maria Clara Santos')).toHaveCount(0);
    await recordPaymentByApi(page.request, first.booking_id, 500);
    await page.reload();
    await page
      .getByRole('region', { name: 'Payments of this booking' })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
    await expect(main.getByRole('link', { name: 'Maria Santos', exact: true })).toBeVisible();
    await expect(main.getByText('Maria Clara Santos')).toHaveCount(0);

    // The guest record has the newest name.
    await main.getByRole('link', { name: 'Maria Santos', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maria Clara Santos');
  });
});

test.describe('booking status (staff)', () => {
  test('staff cannot confirm without a verified payment nor correct a status', async ({
    page,
    browser,
  }) => {
    // Staff cannot make cabins: a manager makes one in another browser.
    const managerContext = await browser.newContext();
    await signInContext(managerContext, 'manager');
    const unit = await createUnitByApi(managerContext.request);
    await managerContext.close();

    await signInPage(page, 'staff');
    // The narrowest phone the back office supports.
    await page.setViewportSize({ width: 320, height: 740 });
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Staff ${uniqueLetters()}`,
      email: `staff.${uniqueLetters()}@example.ph`,
      stay: stayAt(620, 1),
    });
    await page.goto(`/bookings/${booking.booking_id}`);
    const actions = statusActions(page);
    await expect(actions.getByRole('button')).toHaveText(['Confirm Booking']);
    await actions.getByRole('button', { name: 'Confirm Booking' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Confirm booking ${booking.booking_reference}?`,
    });
    await expect(dialog.getByText('No verified payment', { exact: true })).toBeVisible();
    await expect(
      dialog.getByText('Only a manager or higher can confirm it without one.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
    await expectNoHorizontalOverflow(page);
  });
});
