import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatCurrency } from '../../../src/domain/format';
import { createUnitByApi } from '../back-office/support';
import { expect, test } from '../fixtures';
import {
  fillBookingForm,
  findUnit,
  longDate,
  newGuest,
  peso,
  stay,
  verifyHuman,
} from '../guest/guest-helpers';
import { FIXTURES } from '../guest/proof-files';
import { signInContext } from '../support/auth';
import { createStaffBooking, recordPaymentByApi, stayAt, toast, uniqueLetters } from './support';

/*
 * Issue 17's "Done when", in the browser from end to end: a guest books with a deposit proof and
 * sees deposit and balance; staff verify it and confirm; staff add breakfast for 2 guests × 3
 * nights and a boat transfer; the guest uploads a balance proof on /check-booking; staff verify it
 * and the booking reads Paid with a balance of ₱0; a second booking cancelled 20 days before
 * arrival shows and posts a refund of 50% of what was paid. Every figure expected is read from the
 * API (the quote, the folio), not written here. GC1 612 days ahead is this spec's alone.
 */

interface Folio {
  charges_total: number;
  paid_total: number;
  refunded_total: number;
  balance: number;
  payment_status: string;
  entries: { kind: string; description: string; amount: number }[];
}

interface Extra {
  extra_id: string;
  name: string;
  active: boolean;
}

async function staffContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInContext(context, 'manager');
  return context;
}

async function folioOf(request: APIRequestContext, bookingId: string): Promise<Folio> {
  const response = await request.get(`/api/bookings/${bookingId}/folio`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Folio }).data;
}

async function pendingPaymentOf(request: APIRequestContext, bookingId: string): Promise<string> {
  const response = await request.get(`/api/payments?booking_id=${bookingId}&status=Pending`);
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { payment_id: string }[] };
  expect(data).toHaveLength(1);
  return data[0]!.payment_id;
}

/** The staff page verifies the payment from its own page, as a manager does. */
async function verifyOnPaymentPage(page: Page, paymentId: string) {
  await page.goto(`/payments/${paymentId}`);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify payment' });
  await dialog.getByRole('button', { name: 'Verify Payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText('Completed').first()).toBeVisible();
}

async function addExtra(page: Page, extra: Extra, quantity: number) {
  const folio = page.getByRole('region', { name: 'Folio', exact: true });
  await folio.getByRole('button', { name: 'Add extra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add extra' });
  await dialog.getByRole('combobox', { name: 'Extra' }).selectOption(extra.extra_id);
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByRole('button', { name: 'Add to folio' }).click();
  await expect(toast(page, `${extra.name} added to the folio.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a stay paid in two parts with extras ends Paid at ₱0; a cancellation 20 days ahead refunds half of what was paid', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const unit = await findUnit(request, 'GC1');
  const guest = newGuest('journey');
  const { checkIn, checkOut } = stay(612, 3);

  // 1. The guest books, sees the deposit and the balance, and sends the deposit's proof.
  await page.goto('/guest-booking');
  await fillBookingForm(page, { ...guest, unitId: unit.unit_id, checkIn, checkOut, guests: 2 });
  const quoted = await request.post('/api/quote', {
    data: {
      units: [{ unit_id: unit.unit_id, num_guests: 2 }],
      check_in: checkIn,
      check_out: checkOut,
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const { deposit } = (await quoted.json()) as {
    deposit: { deposit_amount: number; balance_amount: number; balance_due_date: string };
  };
  expect(deposit.balance_amount).toBeGreaterThan(0);
  await expect(page.getByTestId('deposit-plan')).toHaveText(
    `Deposit ${peso(deposit.deposit_amount)} now, balance ${peso(deposit.balance_amount)} due on ${longDate(deposit.balance_due_date)}.`,
  );
  await expect(page.getByTestId('amount-to-pay')).toHaveText(peso(deposit.deposit_amount));
  await page.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
  await verifyHuman(page);
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
    timeout: 30_000,
  });
  const reference = (await page.getByTestId('booking-reference').innerText()).trim();
  await expect(page.getByTestId('received-deposit')).toHaveText(peso(deposit.deposit_amount));
  await expect(page.getByTestId('received-balance')).toHaveText(peso(deposit.balance_amount));

  const lookup = await request.post('/api/guest-booking/status', {
    data: { booking_reference: reference, email: guest.email },
  });
  const bookingId = ((await lookup.json()) as { booking_id: string }).booking_id;

  // 2. Staff verify the deposit and confirm the booking in the same step.
  const staff = await staffContext(browser);
  const staffPage = await staff.newPage();
  const depositPayment = await pendingPaymentOf(staff.request, bookingId);
  await staffPage.goto(`/payments/${depositPayment}`);
  await staffPage.getByRole('button', { name: 'Verify', exact: true }).click();
  const verify = staffPage.getByRole('dialog', { name: 'Verify payment' });
  await expect(verify.getByLabel(/Also confirm the booking/)).toBeChecked();
  await verify.getByRole('button', { name: 'Verify Payment' }).click();
  await expect(verify).toBeHidden();
  let folio = await folioOf(staff.request, bookingId);
  expect(folio.paid_total).toBe(deposit.deposit_amount);
  expect(folio.payment_status).toBe('Deposit paid');

  // 3. Staff add breakfast for the 2 guests × 3 nights and a boat transfer for both.
  const list = await staff.request.get('/api/extras');
  const extras = ((await list.json()) as { data: Extra[] }).data.filter((extra) => extra.active);
  const breakfast = extras.find((extra) => extra.name === 'Breakfast');
  const boat = extras.find((extra) => extra.name === 'Boat transfer');
  expect(breakfast && boat, 'the demo catalogue has Breakfast and Boat transfer').toBeTruthy();
  await staffPage.goto(`/bookings/${bookingId}`);
  await expect(staffPage.getByRole('main').getByText('Confirmed').first()).toBeVisible();
  await addExtra(staffPage, breakfast!, 1);
  await addExtra(staffPage, boat!, 1);
  folio = await folioOf(staff.request, bookingId);
  const extraLines = folio.entries.filter((entry) => entry.kind === 'extra');
  expect(extraLines.map((entry) => entry.description)).toEqual([
    expect.stringContaining('Breakfast'),
    expect.stringContaining('Boat transfer'),
  ]);
  expect(folio.balance).toBeGreaterThan(deposit.balance_amount);
  const folioCard = staffPage.getByRole('region', { name: 'Folio', exact: true });
  await expect(folioCard.getByTestId('folio-balance')).toHaveText(formatCurrency(folio.balance));

  // 4. The guest sees paid and due on /check-booking and sends the balance's proof.
  const guestPage = await browser.newPage();
  await guestPage.goto(`/check-booking?ref=${reference}`);
  await guestPage.getByLabel('E-mail').fill(guest.email);
  await guestPage.getByRole('button', { name: 'Check Booking' }).click();
  await expect(guestPage.getByTestId('booking-paid')).toContainText(
    formatCurrency(deposit.deposit_amount),
  );
  await expect(guestPage.getByTestId('booking-balance')).toContainText(
    formatCurrency(folio.balance),
  );
  const pay = guestPage.getByRole('region', { name: 'Pay the balance' });
  await expect(pay.getByTestId('amount-to-pay')).toHaveText(formatCurrency(folio.balance));
  await expect(pay.getByTestId('payment-note')).toContainText(reference);
  const form = pay.getByRole('form', { name: 'Upload proof of payment for the balance' });
  await form.getByLabel('How did you pay?').selectOption('GCash');
  await form.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
  await form.getByRole('button', { name: 'Send proof of payment' }).click();
  await expect(pay.getByText('Proof received — we will verify it')).toBeVisible();

  // 5. Staff verify it: the booking reads Paid with a balance of ₱0.
  await verifyOnPaymentPage(staffPage, await pendingPaymentOf(staff.request, bookingId));
  folio = await folioOf(staff.request, bookingId);
  expect([folio.payment_status, folio.balance]).toEqual(['Paid', 0]);
  await staffPage.goto(`/bookings/${bookingId}`);
  await expect(folioCard.getByTestId('folio-balance')).toHaveText(formatCurrency(0));
  await guestPage.reload();
  await guestPage.getByLabel('E-mail').fill(guest.email);
  await guestPage.getByRole('button', { name: 'Check Booking' }).click();
  await expect(guestPage.getByTestId('payment-status-badge')).toHaveText('Paid');
  await expect(guestPage.getByRole('form', { name: /balance/ })).toHaveCount(0);
  await guestPage.close();

  // 6. A second booking, 20 days ahead with ₱4,000 paid, cancelled: 50% of what was paid.
  const cabin = await createUnitByApi(staff.request);
  const second = await createStaffBooking(staff.request, {
    unitId: cabin.unit_id,
    guestName: `Refund ${uniqueLetters()}`,
    email: `refund.${uniqueLetters()}@example.ph`,
    stay: stayAt(20, 2),
  });
  await recordPaymentByApi(staff.request, second.booking_id, 4000);
  await staffPage.goto(`/bookings/${second.booking_id}`);
  await staffPage.getByRole('button', { name: 'Cancel Booking' }).click();
  const cancel = staffPage.getByRole('dialog', { name: /Cancel booking/ });
  await expect(cancel.getByTestId('refund-preview')).toContainText('20 days before check-in');
  await expect(cancel.getByTestId('refund-preview')).toContainText('50%');
  await expect(cancel.getByTestId('refund-amount')).toHaveText(formatCurrency(2000));
  await cancel.getByLabel('Reason for cancelling').fill('Typhoon warning');
  await cancel.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(
    toast(staffPage, `Booking cancelled. Refund of ${formatCurrency(2000)} (50%) recorded.`),
  ).toBeVisible();
  const cancelled = await folioOf(staff.request, second.booking_id);
  expect(cancelled.refunded_total).toBe(2000);
  expect(cancelled.paid_total).toBe(2000);
  expect(cancelled.entries.some((entry) => entry.kind === 'refund' && entry.amount === 2000)).toBe(
    true,
  );
  await staff.close();
});
