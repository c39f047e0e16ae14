import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatCurrency } from '../../../src/domain/format';
import { MESSAGES } from '../../../src/domain/messages';
import { createGuestBookingWithProof, longDate, stayAt, unitByCode } from '../bookings/support';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { apiSend, signInContext } from '../support/auth';
import { expectNoAxeViolations } from '../support/page-checks';
import { FIXTURES } from './proof-files';

/*
 * Issue 17 point 3: on /check-booking the guest sees what is paid, what is due and by when, and
 * sends a proof for the balance; it enters the same verification queue as the first proof. The
 * stays are on the villa VL1, 280, 284 and 288 days ahead, which no other spec books.
 */

interface Folio {
  paid_total: number;
  balance: number;
  balance_due_date: string | null;
  payment_status: string;
}

interface PaymentRow {
  payment_id: string;
  payment_amount: number;
  payment_method: string;
  payment_status: string;
  transaction_reference: string | null;
}

async function managerRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInContext(context, 'manager');
  return context.request;
}

async function folioOf(staff: APIRequestContext, bookingId: string): Promise<Folio> {
  const response = await staff.get(`/api/bookings/${bookingId}/folio`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Folio }).data;
}

async function paymentsOf(staff: APIRequestContext, bookingId: string): Promise<PaymentRow[]> {
  const response = await staff.get(`/api/payments?booking_id=${bookingId}&page_size=100`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: PaymentRow[] }).data;
}

async function verifyPayment(staff: APIRequestContext, paymentId: string) {
  const response = await apiSend(staff, 'POST', `/api/payments/${paymentId}/verify`, {
    confirm_booking: true,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A guest booking with its deposit proof, the deposit verified by a manager (booking confirmed). */
async function bookingWithVerifiedDeposit(
  browser: Browser,
  staff: APIRequestContext,
  offset: number,
) {
  const anonymous = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const unit = await unitByCode(anonymous.request, 'VL1');
  const made = await createGuestBookingWithProof(anonymous.request, {
    unitId: unit.unit_id,
    stay: stayAt(offset, 2),
    tag: 'balance',
  });
  await anonymous.close();
  const [deposit] = await paymentsOf(staff, made.booking.booking_id);
  await verifyPayment(staff, deposit!.payment_id);
  return made;
}

async function lookUp(page: Page, reference: string, email: string) {
  await page.goto(`/check-booking?ref=${reference}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Check Booking' }).click();
  await expect(page.getByTestId('booking-total')).toBeVisible();
}

test('the guest sees paid, balance and due date, sends a proof for the balance; verified, nothing is due', async ({
  page,
  browser,
}) => {
  const staff = await managerRequest(browser);
  const { guest, booking } = await bookingWithVerifiedDeposit(browser, staff, 280);
  const folio = await folioOf(staff, booking.booking_id);
  expect(folio.paid_total).toBeGreaterThan(0);
  expect(folio.balance).toBeGreaterThan(0);
  expect(folio.balance_due_date).not.toBeNull();

  await atPhoneWidth(page);
  await lookUp(page, booking.booking_reference, guest.email);

  // The card: the folio's figures and the payment status, as the server answers them.
  await expect(page.getByTestId('booking-total')).toContainText(
    formatCurrency(booking.total_amount),
  );
  await expect(page.getByTestId('booking-paid')).toContainText(formatCurrency(folio.paid_total));
  const balance = page.getByTestId('booking-balance');
  await expect(balance).toContainText('Balance due');
  await expect(balance).toContainText(formatCurrency(folio.balance));
  await expect(balance).toContainText(`Due on ${longDate(folio.balance_due_date!)}`);
  await expect(page.getByTestId('payment-status-badge')).toHaveText('Deposit paid');

  // How to pay it: the balance, and the booking reference for the payment's note.
  const pay = page.getByRole('region', { name: 'Pay the balance' });
  await expect(pay.getByTestId('amount-to-pay')).toHaveText(formatCurrency(folio.balance));
  await expect(pay.getByTestId('payment-note')).toContainText(booking.booking_reference);

  // Nothing filled in: each field says what it needs.
  const form = pay.getByRole('form', { name: 'Upload proof of payment for the balance' });
  await form.getByRole('button', { name: 'Send proof of payment' }).click();
  await expect(form.getByText('Please select a payment method')).toBeVisible();
  await expect(form.getByText('Payment proof is required')).toBeVisible();
  await expectNoAxeViolations(page);

  // A file that is no receipt is refused at once, with the first proof's message.
  await form.getByLabel('Payment proof').setInputFiles(FIXTURES.text);
  await expect(form.getByText(MESSAGES.proofType)).toBeVisible();

  await form.getByLabel('How did you pay?').selectOption('GCash');
  await form.getByLabel('Transaction reference (optional)').fill('1029 384 756');
  await form.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
  await expect(form.getByTestId('proof-name')).toHaveText('receipt.png');
  await expectNoHorizontalOverflow(page);
  await form.getByRole('button', { name: 'Send proof of payment' }).click();

  await expect(pay.getByText('Proof received — we will verify it')).toBeVisible();
  await expect(pay.getByTestId('balance-proof-received')).toContainText(
    formatCurrency(folio.balance),
  );
  await expect(form).toHaveCount(0);
  // The card: the balance proof awaits verification; the deposit stays paid meanwhile.
  await expect(page.getByTestId('balance-proof-badge')).toHaveText('Pending verification');
  await expect(page.getByTestId('payment-status-badge')).toHaveText('Deposit paid');
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);

  // It is in staff's queue: a Pending payment of the balance, with the method and reference.
  const payments = await paymentsOf(staff, booking.booking_id);
  expect(payments).toHaveLength(2);
  const sent = payments.find((payment) => payment.payment_status === 'Pending');
  expect(sent).toMatchObject({
    payment_amount: folio.balance,
    payment_method: 'GCash',
    transaction_reference: '1029 384 756',
  });

  // Verified, the booking is Paid and nothing is due: no upload form any more.
  await verifyPayment(staff, sent!.payment_id);
  await lookUp(page, booking.booking_reference, guest.email);
  await expect(page.getByTestId('payment-status-badge')).toHaveText('Paid');
  await expect(page.getByTestId('booking-balance')).toContainText(formatCurrency(0));
  await expect(page.getByTestId('booking-paid')).toContainText(
    formatCurrency(booking.total_amount),
  );
  await expect(page.getByRole('region', { name: 'Pay the balance' })).toHaveCount(0);
  await expect(page.getByTestId('balance-proof-badge')).toHaveCount(0);
});

test.describe('a booking cancelled while the guest pays', () => {
  test.use({
    allowProblems: [/409 POST .*\/api\/guest-booking\/payment$|status of 409 \(Conflict\)/],
  });

  test('the server’s 409 is shown, and nothing is recorded', async ({ page, browser }) => {
    const staff = await managerRequest(browser);
    const { guest, booking } = await bookingWithVerifiedDeposit(browser, staff, 284);

    await lookUp(page, booking.booking_reference, guest.email);
    const form = page.getByRole('form', { name: 'Upload proof of payment for the balance' });
    await form.getByLabel('How did you pay?').selectOption('BankTransfer');
    await form.getByLabel('Payment proof').setInputFiles(FIXTURES.pdf);
    await expect(form.getByTestId('proof-name')).toHaveText('receipt.pdf');

    const cancelled = await apiSend(staff, 'POST', `/api/bookings/${booking.booking_id}/cancel`, {
      reason: 'Guest asked by phone',
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    // The cancellation may refund the deposit; what counts is that the proof adds nothing.
    const afterCancel = await paymentsOf(staff, booking.booking_id);

    await form.getByRole('button', { name: 'Send proof of payment' }).click();
    await expect(form.getByTestId('balance-proof-error')).toHaveText(
      'This booking has been cancelled.',
    );
    await expect(page.getByText('Proof received — we will verify it')).toHaveCount(0);
    expect(await paymentsOf(staff, booking.booking_id)).toHaveLength(afterCancel.length);

    // Looked up again, the cancelled booking offers no upload.
    await lookUp(page, booking.booking_reference, guest.email);
    await expect(page.getByTestId('booking-status-badge')).toHaveText('Cancelled');
    await expect(page.getByRole('region', { name: 'Pay the balance' })).toHaveCount(0);
  });
});

test.describe('a file the storage refuses', () => {
  test.use({
    allowProblems: [/415 PUT .*\/api\/storage\/upload\/|status of 415 \(Unsupported Media Type\)/],
  });

  test('the server’s 415 is shown at the proof; another file then goes through', async ({
    page,
    browser,
  }) => {
    const staff = await managerRequest(browser);
    const { guest, booking } = await bookingWithVerifiedDeposit(browser, staff, 288);
    // It starts like a PDF, so the browser sends it; it carries a script, so the storage refuses it.
    const refused = path.join(mkdtempSync(path.join(os.tmpdir(), 'resort-e2e-balance-')), 'x.pdf');
    writeFileSync(refused, '%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n');

    await lookUp(page, booking.booking_reference, guest.email);
    const form = page.getByRole('form', { name: 'Upload proof of payment for the balance' });
    await form.getByLabel('How did you pay?').selectOption('Maya');
    await form.getByLabel('Payment proof').setInputFiles(refused);
    await expect(form.getByTestId('proof-name')).toHaveText('x.pdf');
    await form.getByRole('button', { name: 'Send proof of payment' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `Failed to upload payment proof: ${MESSAGES.uploadedFileType}`,
    );
    expect(await paymentsOf(staff, booking.booking_id)).toHaveLength(1);

    await form.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
    await form.getByRole('button', { name: 'Send proof of payment' }).click();
    await expect(page.getByText('Proof received — we will verify it')).toBeVisible();
    const payments = await paymentsOf(staff, booking.booking_id);
    expect(payments.filter((payment) => payment.payment_status === 'Pending')).toHaveLength(1);
  });
});
