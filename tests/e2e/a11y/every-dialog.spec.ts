import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { apiSend, signInPage } from '../support/auth';
import { expectFitsViewport, expectNoAxeViolations, waitForSettled } from '../support/page-checks';
import { stayAt } from '../bookings/support';
import { deskArrivalToday, setStatusByApi } from '../front-desk/support';

/*
 * Issue 15 point 18: every dialog and every step of the multi-unit wizard is checked with axe-core,
 * at a phone's width and the desktop's, and must not make the page wider than a 320 px phone.
 */

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** The first record of a staff list, through the API the page itself reads. */
async function firstId(page: Page, url: string, key: string): Promise<string> {
  const response = await page.context().request.get(url);
  expect(response.status(), url).toBe(200);
  const { data } = (await response.json()) as { data: Record<string, string>[] };
  const id = data[0]?.[key];
  if (!id) throw new Error(`No record at ${url}`);
  return id;
}

/**
 * An issued document to void: the billing profile filled in, then a receipt for a verified
 * payment (or the one it already has).
 */
async function issuedDocument(page: Page): Promise<{ booking_id: string; display_number: string }> {
  const request = page.context().request;
  const profile = await apiSend(request, 'PATCH', '/api/settings', {
    billing: {
      registered_name: 'Playa Serena Resort Inc.',
      address: 'Buenavista, Marinduque',
      tin: '123-456-789-000',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const payments = await request.get('/api/payments?status=Completed&page_size=1');
  const { data } = (await payments.json()) as {
    data: { payment_id: string; booking_id: string }[];
  };
  const payment = data[0]!;
  await apiSend(request, 'POST', `/api/bookings/${payment.booking_id}/documents`, {
    scope: 'payment',
    payment_id: payment.payment_id,
  });
  const list = await request.get(`/api/bookings/${payment.booking_id}/documents`);
  const documents = (await list.json()) as {
    data: { booking_id: string; display_number: string; status: string }[];
  };
  const issued = documents.data.find((document) => document.status === 'issued');
  if (!issued) throw new Error(`No issued document on booking ${payment.booking_id}`);
  return issued;
}

/** Issue 22: a stay of its own arriving today, checked in when `checkedIn`; opens its page. */
async function openDeskStay(page: Page, checkedIn: boolean): Promise<void> {
  const request = page.context().request;
  const { booking } = await deskArrivalToday(request, 'Dialog');
  if (checkedIn) await setStatusByApi(request, booking.booking_id, 'CheckedIn');
  await page.goto(`/bookings/${booking.booking_id}`);
}

interface DialogCase {
  name: string;
  open: (page: Page) => Promise<void>;
}

const DIALOGS: DialogCase[] = [
  {
    name: 'new booking',
    open: async (page) => {
      await page.goto('/bookings');
      await page.getByRole('button', { name: 'New Booking' }).click();
    },
  },
  {
    name: 'record payment',
    open: async (page) => {
      await page.goto('/payments');
      await page.getByRole('button', { name: 'Record Payment' }).click();
    },
  },
  {
    name: 'add expense',
    open: async (page) => {
      await page.goto('/expenses');
      await page.getByRole('button', { name: 'Add Expense' }).click();
    },
  },
  {
    name: 'add cabin',
    open: async (page) => {
      await page.goto('/units');
      await page.getByRole('button', { name: 'Add Cabin' }).click();
    },
  },
  {
    name: 'block dates',
    open: async (page) => {
      await page.goto('/availability');
      await page.getByRole('button', { name: 'Block Dates' }).click();
    },
  },
  {
    name: 'add extra',
    open: async (page) => {
      await page.goto('/settings?tab=extras');
      await page.getByRole('button', { name: 'Add Extra' }).click();
    },
  },
  {
    name: 'add stay rule',
    open: async (page) => {
      await page.goto('/settings?tab=pricing');
      await page.getByRole('button', { name: 'Add Stay Rule' }).click();
    },
  },
  {
    name: 'add promo code',
    open: async (page) => {
      await page.goto('/settings?tab=promotions');
      await page.getByRole('button', { name: 'Add Promo Code' }).click();
    },
  },
  {
    name: 'create user',
    open: async (page) => {
      await page.goto('/settings?tab=users');
      await page.getByRole('button', { name: 'Create User' }).click();
    },
  },
  {
    name: 'archive audit entries',
    open: async (page) => {
      await page.goto('/audit-logs');
      await page.getByRole('button', { name: 'Archive Old Entries' }).click();
    },
  },
  {
    name: 'audit entry',
    open: async (page) => {
      await page.goto('/audit-logs');
      await waitForSettled(page);
      await page.getByRole('button', { name: /^View/ }).first().click();
    },
  },
  {
    name: 'cancel booking',
    open: async (page) => {
      const url = '/api/bookings?status=Pending&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page.getByRole('button', { name: 'Cancel Booking' }).click();
    },
  },
  {
    name: 'confirm booking',
    open: async (page) => {
      const url = '/api/bookings?status=Pending&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
    },
  },
  {
    name: 'correct status',
    open: async (page) => {
      const url = '/api/bookings?status=Confirmed&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page.getByRole('button', { name: 'Correct Status' }).click();
    },
  },
  // Issue 22: the desk's check-in and check-out, and the changes of a stay.
  {
    name: 'check in',
    open: async (page) => {
      await openDeskStay(page, false);
      await page.getByRole('button', { name: 'Check In' }).click();
    },
  },
  {
    name: 'check out',
    open: async (page) => {
      await openDeskStay(page, true);
      await page.getByRole('button', { name: 'Check Out' }).click();
    },
  },
  {
    name: 'early departure',
    open: async (page) => {
      await openDeskStay(page, true);
      await page.getByRole('button', { name: 'Early Departure' }).click();
    },
  },
  {
    name: 'extend stay',
    open: async (page) => {
      await openDeskStay(page, true);
      await page.getByRole('button', { name: 'Extend Stay' }).click();
    },
  },
  {
    name: 'move to another cabin',
    open: async (page) => {
      await openDeskStay(page, true);
      await page.getByRole('button', { name: 'Move to Another Cabin' }).click();
    },
  },
  {
    name: 'refund payment',
    open: async (page) => {
      const url = '/api/payments?status=Completed&page_size=1';
      await page.goto(`/payments/${await firstId(page, url, 'payment_id')}`);
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
    },
  },
  {
    name: 'cabin status change',
    open: async (page) => {
      await page.goto('/units');
      await page.getByRole('checkbox', { name: 'Select all cabins on this page' }).check();
      await page.getByLabel('New status for the selected cabins').selectOption('Maintenance');
      await page.getByRole('button', { name: 'Apply' }).click();
    },
  },
  {
    name: 'verify payment',
    open: async (page) => {
      await page.goto('/payments?status=Pending');
      await waitForSettled(page);
      await page
        .getByRole('main')
        .getByRole('link', { name: /₱|BK-|view/i })
        .first()
        .click();
      await page.getByRole('button', { name: /^Verify/ }).click();
    },
  },
  {
    name: 'add extra to the folio',
    open: async (page) => {
      const url = '/api/bookings?status=Confirmed&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page.getByRole('button', { name: 'Add extra' }).click();
    },
  },
  {
    name: 'reverse folio entry',
    open: async (page) => {
      const url = '/api/bookings?status=Confirmed&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page
        .getByRole('region', { name: 'Folio', exact: true })
        .getByRole('button', { name: /^Reverse/ })
        .first()
        .click();
    },
  },
  {
    name: 'senior citizen and PWD discount',
    open: async (page) => {
      const url = '/api/bookings?status=Confirmed&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page.getByRole('button', { name: 'Senior/PWD' }).click();
      // One eligible guest: the ID number field is checked too.
      await page.getByRole('dialog').getByLabel('Eligible guests').fill('1');
      await expect(page.getByLabel('ID number of eligible guest 1')).toBeVisible();
    },
  },
  {
    name: 'write to guest',
    open: async (page) => {
      const url = '/api/bookings?status=Confirmed&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page.getByRole('button', { name: 'Write to guest' }).click();
    },
  },
  {
    name: 'issue receipt',
    open: async (page) => {
      const url = '/api/bookings?status=Confirmed&page_size=1';
      await page.goto(`/bookings/${await firstId(page, url, 'booking_id')}`);
      await page
        .getByRole('region', { name: 'Receipts & invoices' })
        .getByRole('button', { name: /^Issue (receipt|invoice)$/ })
        .click();
      // A VAT-registered buyer: the TIN field is checked too.
      await page.getByRole('dialog').getByLabel('Buyer is VAT-registered').check();
      await expect(page.getByRole('dialog').getByLabel(/Buyer TIN/)).toBeVisible();
    },
  },
  {
    name: 'void document',
    open: async (page) => {
      const document = await issuedDocument(page);
      await page.goto(`/bookings/${document.booking_id}`);
      await page
        .getByRole('region', { name: 'Receipts & invoices' })
        .getByRole('button', { name: `Void ${document.display_number}` })
        .click();
    },
  },
  {
    name: 'delete expense',
    open: async (page) => {
      await page.goto(
        `/expenses/${await firstId(page, '/api/expenses?page_size=1', 'expense_id')}`,
      );
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
    },
  },
  // Issue 22: out of order (the housekeeping board) and a maintenance issue (a cabin's page).
  {
    name: 'out of order',
    open: async (page) => {
      const cabin = await createUnitByApi(page.context().request, {
        unit_name: `A House Dialog ${Date.now()}`,
      });
      await page.goto('/housekeeping');
      await page.getByRole('button', { name: `Out of order: ${cabin.unit_name}` }).click();
    },
  },
  {
    name: 'maintenance issue',
    open: async (page) => {
      await page.goto(`/units/${await firstId(page, '/api/units?page_size=1', 'unit_id')}`);
      await page.getByRole('button', { name: 'Add Issue' }).click();
    },
  },
];

for (const dialogCase of DIALOGS) {
  test(`${dialogCase.name} dialog: axe-clean and fits a 320 px phone`, async ({ page }) => {
    await signInPage(page, 'admin');
    await page.setViewportSize({ width: 320, height: 740 });
    await dialogCase.open(page);
    const dialog = page.locator(DIALOG);
    await expect(dialog).toBeVisible();
    await waitForSettled(page);
    await expectFitsViewport(page);
    await expectNoAxeViolations(page, DIALOG);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectNoAxeViolations(page, DIALOG);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('mobile menu: axe-clean at 360 px', async ({ page }) => {
  await signInPage(page, 'admin');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator(DIALOG)).toBeVisible();
  await expectFitsViewport(page);
  await expectNoAxeViolations(page, DIALOG);
});

test('multi-unit wizard: every step axe-clean and no wider than 320 px', async ({ page }) => {
  await signInPage(page, 'admin');
  const cabin = await createUnitByApi(page.context().request);
  const stay = stayAt(720, 2);
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto('/bookings-new-multi');
  await expect(page.getByRole('heading', { name: /No (units|cabins) selected/ })).toBeVisible();

  await expectFitsViewport(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('Check-in').fill(stay.check_in);
  await page.getByLabel('Check-out').fill(stay.check_out);
  const card = page.getByRole('article', { name: cabin.unit_name });
  await card.getByRole('button', { name: 'Add to Booking' }).click();
  await expect(card.getByText('Selected', { exact: true })).toBeVisible();
  await waitForSettled(page);
  await expectFitsViewport(page);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Primary guest' })).toBeVisible();
  await expectFitsViewport(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('Guest name').fill('Wizard Checker');
  await page.getByLabel('E-mail').fill('wizard-checker@example.test');
  await page.getByLabel('Contact number').fill('+63 917 555 0123');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3: Review and payment' })).toBeVisible();
  await waitForSettled(page);
  await expectFitsViewport(page);
  await expectNoAxeViolations(page);
});
