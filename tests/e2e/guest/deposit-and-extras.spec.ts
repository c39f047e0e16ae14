import type { APIRequestContext } from '@playwright/test';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { apiSend, signInContext } from '../support/auth';
import {
  addDays,
  fillBookingForm,
  findUnit,
  longDate,
  newGuest,
  peso,
  stay,
  verifyHuman,
} from './guest-helpers';
import { FIXTURES } from './proof-files';

/*
 * Issue 17 points 2 to 4 on the guest's side: the guest picks an extra on the booking form, the
 * price preview shows it, the form asks for the deposit and says when the balance is due, and the
 * confirmation shows the deposit, the balance, its due date and how to pay it later. Every figure
 * expected is read from the API (the quote, the settings), not written here.
 */

interface QuoteAnswer {
  total_amount: number;
  extras: { extra_id: string; name: string; units: number; unit_price: number; amount: number }[];
  extras_total: number;
  deposit: { deposit_amount: number; balance_amount: number; balance_due_date: string };
}

interface DepositSettings {
  mode: 'percent' | 'first_night' | 'full';
  percent: number;
  balance_due_days_before_arrival: number;
}

async function quoteOf(
  request: APIRequestContext,
  body: { unit_id: string; num_guests: number; check_in: string; check_out: string },
  extras: { extra_id: string; quantity: number }[],
): Promise<QuoteAnswer> {
  const response = await request.post('/api/quote', {
    data: {
      units: [{ unit_id: body.unit_id, num_guests: body.num_guests }],
      check_in: body.check_in,
      check_out: body.check_out,
      extras,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as QuoteAnswer;
}

test.describe('deposit and extras on the guest booking form (issue 17)', () => {
  test('a guest on a phone adds breakfast, pays the deposit and sees deposit, balance and due date', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    await atPhoneWidth(page);
    const unit = await findUnit(request, 'BF1');
    const guest = newGuest('deposit');
    const { checkIn, checkOut } = stay(343, 3);

    // A manager offers this test's own extra to guests (the catalogue is shared by every spec).
    const manager = await browser.newContext();
    await signInContext(manager, 'manager');
    const name = `Sunrise breakfast ${Date.now().toString(36)}`;
    const created = await apiSend(manager.request, 'POST', '/api/extras', {
      name,
      price: 350,
      charge_per: 'person_night',
      tax_treatment: 'vatable',
      guest_bookable: true,
    });
    expect(created.status(), await created.text()).toBe(201);
    const extraId = ((await created.json()) as { data: { extra_id: string } }).data.extra_id;

    try {
      await page.goto('/guest-booking');
      await fillBookingForm(page, { ...guest, unitId: unit.unit_id, checkIn, checkOut, guests: 2 });

      // The extra is offered with its price and how it is charged; ticked from the keyboard.
      const option = page.getByTestId('extra-option').filter({ hasText: name });
      await expect(option).toContainText('₱350.00 per guest per night + 13% taxes');
      const tick = page.getByRole('checkbox', { name });
      await tick.focus();
      await page.keyboard.press('Space');
      await expect(tick).toBeChecked();
      const quantity = page.getByRole('textbox', { name: `Quantity of ${name}` });
      await expect(quantity).toHaveValue('1');
      await expect(option).toContainText('For each guest, each night.');

      // An empty quantity is refused with the schema's message once the field is left.
      await quantity.fill('');
      await page.keyboard.press('Tab');
      await expect(option.getByText('Quantity must be a whole number')).toBeVisible();
      await quantity.fill('1');
      await expect(option.getByText('Quantity must be a whole number')).toHaveCount(0);

      // The preview prices it as the API does: one breakfast for 2 guests × 3 nights.
      const quote = await quoteOf(
        request,
        { unit_id: unit.unit_id, num_guests: 2, check_in: checkIn, check_out: checkOut },
        [{ extra_id: extraId, quantity: 1 }],
      );
      const line = quote.extras.find((extra) => extra.extra_id === extraId);
      expect(line?.units).toBe(6);
      const breakdown = page.getByTestId('price-breakdown');
      await expect(breakdown.getByTestId('quote-extra')).toHaveText(
        `${name} (6 × ${peso(350)}, taxes included)${peso(line!.amount)}`,
      );
      await expect(breakdown.getByTestId('quote-extras-total')).toContainText(
        peso(quote.extras_total),
      );
      await expect(page.getByTestId('quote-total')).toHaveText(peso(quote.total_amount));

      // The deposit plan follows the resort's settings.
      const settings = (await (await request.get('/api/public/settings')).json()) as {
        data: { deposit: DepositSettings };
      };
      const rule = settings.data.deposit;
      const { deposit_amount: deposit, balance_amount: balance } = quote.deposit;
      const due = quote.deposit.balance_due_date;
      expect(deposit + balance).toBe(quote.total_amount);
      if (rule.mode === 'percent') {
        expect(deposit).toBe(Math.ceil((quote.total_amount * rule.percent) / 100));
      }
      expect(due).toBe(addDays(checkIn, -rule.balance_due_days_before_arrival));
      expect(balance, 'this stay leaves a balance to pay later').toBeGreaterThan(0);
      await expect(page.getByTestId('deposit-plan')).toHaveText(
        `Deposit ${peso(deposit)} now, balance ${peso(balance)} due on ${longDate(due)}.`,
      );
      await expect(page.getByTestId('amount-to-pay')).toHaveText(peso(deposit));
      await expect(page.getByTestId('balance-due')).toHaveText(
        `Balance ${peso(balance)} due on ${longDate(due)}.`,
      );
      await expect(page.getByTestId('payment-note')).toContainText(
        `${guest.name}, ${longDate(checkIn)}`,
      );
      await expectNoHorizontalOverflow(page);

      await page.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
      await expect(page.getByTestId('proof-name')).toHaveText('receipt.png');
      await verifyHuman(page);
      await page.getByRole('button', { name: 'Submit Booking' }).click();

      // The confirmation: the server's total, deposit, balance and due date.
      await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
        timeout: 30_000,
      });
      const reference = (await page.getByTestId('booking-reference').innerText()).trim();
      const details = page.getByTestId('received-details');
      await expect(details).toContainText(`Total${peso(quote.total_amount)}`);
      await expect(details.getByTestId('received-deposit')).toHaveText(peso(deposit));
      await expect(details).toContainText('Deposit paid');
      await expect(details).toContainText('Pending verification');
      await expect(details.getByTestId('received-balance')).toHaveText(peso(balance));
      await expect(details.getByTestId('received-balance-due')).toHaveText(
        `due on ${longDate(due)}`,
      );

      // How to pay the balance later: the amount, the reference for the note, where to upload.
      const later = page.getByTestId('pay-balance');
      await expect(later.getByTestId('amount-to-pay')).toHaveText(peso(balance));
      await expect(later.getByTestId('payment-note')).toContainText(reference);
      await expect(later.getByRole('link', { name: 'Check Booking' })).toHaveAttribute(
        'href',
        `/check-booking?ref=${reference}`,
      );
      await expectNoHorizontalOverflow(page);

      // The booking was made with the extra: its total is the quote's, stay and breakfast.
      const status = await request.post('/api/guest-booking/status', {
        data: { booking_reference: reference, email: guest.email },
      });
      expect(status.status()).toBe(200);
      const lookup = (await status.json()) as { total_amount: number; balance_due_date: string };
      expect(lookup.total_amount).toBe(quote.total_amount);
      expect(lookup.balance_due_date).toBe(due);
    } finally {
      const off = await apiSend(manager.request, 'PATCH', `/api/extras/${extraId}`, {
        active: false,
      });
      expect(off.status()).toBe(200);
      await manager.close();
    }
  });
});
