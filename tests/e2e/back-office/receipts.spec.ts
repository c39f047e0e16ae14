import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DOCUMENT_MESSAGES } from '../../../src/domain/documents';
import {
  createStaffBooking,
  recordPaymentByApi,
  stayAt,
  toast,
  uniqueLetters,
} from '../bookings/support';
import { expect, test } from '../fixtures';
import { apiSend, signInContext } from '../support/auth';
import type { StaffRole } from '../support/accounts';
import { expectFitsViewport } from '../support/page-checks';
import { createUnitByApi } from './support';

/*
 * Issue 20's "Done when", in the browser: the owner fills the billing profile in Settings →
 * Billing (a bad TIN refused with its message); staff issue an acknowledgement receipt for a
 * verified deposit and a second for the verified balance; the guest downloads both from
 * /check-booking (PDFs, through the guest's own signed links); a manager voids one with a reason
 * and issues the corrected one; the sales journal shows all three with no missing numbers, and
 * its CSV holds the three numbers. Amounts come from the server (the booking's total).
 */

interface DocumentRow {
  document_id: string;
  display_number: string;
  status: string;
  payment_id: string | null;
  replaces_display_number: string | null;
}

async function contextAs(browser: Browser, role: StaffRole) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInContext(context, role);
  return context;
}

async function documentsOf(request: APIRequestContext, bookingId: string): Promise<DocumentRow[]> {
  const response = await request.get(`/api/bookings/${bookingId}/documents`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: DocumentRow[] }).data;
}

/** A manager's recorded payment is verified as it is recorded; anything else is verified here. */
async function verify(
  request: APIRequestContext,
  payment: { payment_id: string; payment_status: string },
) {
  if (payment.payment_status === 'Completed') return;
  const paymentId = payment.payment_id;
  const response = await apiSend(request, 'POST', `/api/payments/${paymentId}/verify`, {
    confirm_booking: true,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Issues a receipt for one payment from the booking page's dialog; returns its number, read from
 * the server's list once the toast has named it.
 */
async function issueForPayment(
  page: Page,
  bookingId: string,
  paymentId: string,
  serial: string,
): Promise<string> {
  const card = page.getByRole('region', { name: 'Receipts & invoices' });
  await card.getByRole('button', { name: 'Issue receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue receipt' });
  await dialog.getByRole('radio', { name: 'One verified payment' }).check();
  await dialog.getByRole('combobox', { name: 'Payment' }).selectOption(paymentId);
  await dialog.getByLabel('Booklet serial').fill(serial);
  await dialog.getByRole('button', { name: 'Issue receipt' }).click();
  await expect(dialog).toBeHidden();
  const issued = (await documentsOf(page.request, bookingId)).find(
    (row) => row.payment_id === paymentId && row.status === 'issued',
  );
  expect(issued, `a receipt for payment ${paymentId}`).toBeDefined();
  await expect(toast(page, `${issued!.display_number} issued.`)).toBeVisible();
  return issued!.display_number;
}

test('receipts: billing profile, deposit and balance receipts, guest downloads, void and reissue, journal without gaps', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // 1. The owner fills the billing profile; a TIN without its branch code is refused.
  const owner = await contextAs(browser, 'owner');
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/settings?tab=billing');
  const billing = ownerPage.getByRole('form', { name: 'Billing' });
  await billing.getByLabel('Registered name').fill('Playa Serena Resort Inc.');
  await billing.getByLabel('Business style').fill('Playa Serena');
  await billing.getByLabel('Registered address').fill('Brgy. Malbog, Buenavista, Marinduque');
  await billing.getByLabel('TIN with branch code').fill('123-456-789');
  await billing.getByRole('radio', { name: 'VAT-registered' }).check();
  await billing.getByRole('button', { name: 'Save Billing' }).click();
  await expect(billing.getByText(DOCUMENT_MESSAGES.sellerTin)).toBeVisible();
  await expect(billing.getByLabel('TIN with branch code')).toHaveAttribute('aria-invalid', 'true');
  // The server refuses it too, with the same words.
  const refused = await apiSend(owner.request, 'PATCH', '/api/settings', {
    billing: { tin: '123-456-789' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain(DOCUMENT_MESSAGES.sellerTin);
  // Invoices show the BIR registration and say why it is needed.
  await billing.getByRole('radio', { name: /^Invoices/ }).check();
  await expect(billing.getByText(/RMC 5-2021/).first()).toBeVisible();
  await expect(billing.getByLabel('Acknowledgement certificate number')).toBeVisible();
  await billing.getByRole('radio', { name: /^Acknowledgement receipts/ }).check();
  await billing.getByLabel('TIN with branch code').fill('123-456-789-000');
  await billing.getByRole('button', { name: 'Save Billing' }).click();
  await expect(toast(ownerPage, 'Billing profile saved')).toBeVisible();
  await ownerPage.reload();
  await expect(ownerPage.getByLabel('TIN with branch code')).toHaveValue('123-456-789-000');
  await owner.close();

  // A booking with a verified deposit and a verified balance (made and verified by a manager).
  const manager = await contextAs(browser, 'manager');
  const cabin = await createUnitByApi(manager.request);
  const tag = uniqueLetters(6);
  const email = `receipts-${tag.toLowerCase()}@example.test`;
  const booking = await createStaffBooking(manager.request, {
    unitId: cabin.unit_id,
    guestName: `Receipt Guest ${tag}`,
    email,
    stay: stayAt(480, 2),
  });
  const depositAmount = Math.round(booking.total_amount * 0.3 * 100) / 100;
  const balanceAmount = Math.round((booking.total_amount - depositAmount) * 100) / 100;
  const deposit = await recordPaymentByApi(manager.request, booking.booking_id, depositAmount);
  await verify(manager.request, deposit);
  const balance = await recordPaymentByApi(manager.request, booking.booking_id, balanceAmount);
  await verify(manager.request, balance);

  // 2. Staff issue the two acknowledgement receipts from the booking page.
  const staff = await contextAs(browser, 'staff');
  const staffPage = await staff.newPage();
  await staffPage.goto(`/bookings/${booking.booking_id}`);
  const card = staffPage.getByRole('region', { name: 'Receipts & invoices' });
  await expect(card.getByText('No receipts issued yet.')).toBeVisible();
  const depositNumber = await issueForPayment(
    staffPage,
    booking.booking_id,
    deposit.payment_id,
    `B-${tag}-1`,
  );
  const balanceNumber = await issueForPayment(
    staffPage,
    booking.booking_id,
    balance.payment_id,
    `B-${tag}-2`,
  );
  await expect(card.getByTestId('document-row')).toHaveCount(2);
  await expect(
    card.getByRole('link', { name: `Download PDF (A4) of ${depositNumber}` }),
  ).toBeVisible();
  // Staff neither void nor see the void button.
  await expect(card.getByRole('button', { name: /^Void/ })).toHaveCount(0);
  const staffPdf = await staff.request.get(
    (await card
      .getByRole('link', { name: `Roll (80 mm) of ${balanceNumber}` })
      .getAttribute('href'))!,
  );
  expect(staffPdf.status()).toBe(200);
  expect((await staffPdf.body()).subarray(0, 4).toString()).toBe('%PDF');
  await staff.close();

  // 3. The guest downloads both from /check-booking, through links that are theirs.
  const issued = await documentsOf(manager.request, booking.booking_id);
  const guest = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const guestPage = await guest.newPage();
  await guestPage.setViewportSize({ width: 360, height: 740 });
  await guestPage.goto(`/check-booking?ref=${booking.booking_reference}`);
  await guestPage.getByLabel(/e-?mail/i).fill(email);
  await guestPage.getByRole('button', { name: /check/i }).click();
  const receipts = guestPage.getByRole('region', { name: 'Receipts', exact: true });
  await expect(receipts.getByTestId('guest-document')).toHaveCount(2);
  await expectFitsViewport(guestPage);
  for (const number of [depositNumber, balanceNumber]) {
    const link = receipts.getByRole('link', { name: `Download PDF of ${number}` });
    const href = (await link.getAttribute('href'))!;
    const document = issued.find((row) => row.display_number === number)!;
    expect(href).toContain(`/api/public/documents/${document.document_id}/pdf?token=`);
    const pdf = await guest.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
    // The signed link is this document's alone: another document's id with it is refused.
    const other = issued.find((row) => row.display_number !== number)!;
    const borrowed = await guest.request.get(href.replace(document.document_id, other.document_id));
    expect(borrowed.status()).toBe(403);
  }
  await guest.close();

  // 4. A manager voids the deposit's receipt with a reason and issues the corrected one.
  const managerPage = await manager.newPage();
  await managerPage.goto(`/bookings/${booking.booking_id}`);
  const managerCard = managerPage.getByRole('region', { name: 'Receipts & invoices' });
  await managerCard.getByRole('button', { name: `Void ${depositNumber}` }).click();
  const voidDialog = managerPage.getByRole('dialog', { name: `Void ${depositNumber}?` });
  await voidDialog.getByRole('button', { name: 'Void Document' }).click();
  await expect(voidDialog.getByText(DOCUMENT_MESSAGES.voidReason)).toBeVisible();
  await voidDialog.getByLabel('Reason for voiding').fill('Wrong buyer name');
  await voidDialog.getByRole('button', { name: 'Void Document' }).click();
  await expect(toast(managerPage, `${depositNumber} is void.`)).toBeVisible();
  await expect(managerCard.getByText('Void: Wrong buyer name')).toBeVisible();
  await managerCard
    .getByRole('button', { name: `Issue corrected document for ${depositNumber}` })
    .click();
  const reissue = managerPage.getByRole('dialog', {
    name: `Issue the corrected document for ${depositNumber}`,
  });
  await reissue.getByLabel('Buyer name').fill(`Receipt Guest ${tag} (corrected)`);
  await reissue.getByRole('button', { name: 'Issue corrected document' }).click();
  await expect(reissue).toBeHidden();
  const corrected = (await documentsOf(manager.request, booking.booking_id)).find(
    (row) => row.replaces_display_number === depositNumber,
  );
  expect(corrected, `the corrected document of ${depositNumber}`).toBeDefined();
  const correctedNumber = corrected!.display_number;
  await expect(toast(managerPage, `${correctedNumber} issued.`)).toBeVisible();
  await expect(managerCard.getByText(`Replaces ${depositNumber}`)).toBeVisible();
  await expect(managerCard.getByText(`Corrected by ${correctedNumber}`)).toBeVisible();

  // 5. The sales journal lists the three, the void one as VOID, with no missing numbers.
  await managerPage.goto('/sales-journal');
  await expect(managerPage.getByRole('heading', { name: 'Sales Journal', level: 1 })).toBeVisible();
  await expect(managerPage.getByText('No missing numbers')).toBeVisible();
  const rows = managerPage.getByTestId('journal-row');
  for (const number of [depositNumber, balanceNumber, correctedNumber]) {
    await expect(rows.filter({ hasText: number })).toHaveCount(1);
  }
  await expect(rows.filter({ hasText: depositNumber }).getByText('VOID')).toBeVisible();
  await expect(rows.filter({ hasText: correctedNumber }).getByText('Issued')).toBeVisible();
  await managerPage.setViewportSize({ width: 360, height: 740 });
  await expectFitsViewport(managerPage);

  const download = managerPage.waitForEvent('download');
  await managerPage.getByRole('link', { name: 'Download CSV' }).click();
  const csvPath = await (await download).path();
  const csv = readFileSync(csvPath, 'utf8');
  for (const number of [depositNumber, balanceNumber, correctedNumber]) {
    expect(csv).toContain(number);
  }
  await manager.close();
});

test('staff are told the sales journal is for managers and up, and the server refuses it', async ({
  browser,
}) => {
  const staff = await contextAs(browser, 'staff');
  const page = await staff.newPage();
  await page.goto('/sales-journal');
  await expect(
    page.getByText('You do not have permission to read the sales journal'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  const refused = await staff.request.get('/api/documents?from=2026-01-01&to=2026-01-31');
  expect(refused.status()).toBe(403);
  await staff.close();
});
