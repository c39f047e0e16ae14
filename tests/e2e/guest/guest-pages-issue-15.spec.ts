import { expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { signInContext } from '../support/auth';
import { settledQuoteTotal } from '../support/ui';
import {
  addDays,
  fillBookingForm,
  findUnit,
  longDate,
  manilaToday,
  newGuest,
  peso,
  stay,
  verifyHuman,
} from './guest-helpers';
import { FIXTURES } from './proof-files';

/*
 * Issue 15, the public guest pages: the booking form fits a phone (point 3), the thank-you screen
 * says what was received (point 4), the form's wording (point 16), the guest says how they paid
 * and staff see it (point 21), and public rates say how they are taxed (point 22).
 */

test.describe('the booking form on a phone (issue 15, point 3)', () => {
  for (const width of [320, 360, 375, 390]) {
    test(`/guest-booking fits ${width} px before and after a proof is chosen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/guest-booking');
      // Every card is drawn (the last ones render a task later).
      await expect(page.getByRole('button', { name: 'Submit Booking' })).toBeVisible();
      await expect(page.getByLabel('Payment proof')).toBeVisible();
      // The empty file picker was what made the page 405 px wide.
      await expectNoHorizontalOverflow(page);
      const proofCard = page.locator('#payment-proof-section');
      const box = await proofCard.boundingBox();
      expect(box, 'the payment proof card').not.toBeNull();
      expect(box!.x + box!.width, 'the card’s right edge').toBeLessThanOrEqual(width);

      // A refused file keeps the picker on screen, with its message.
      await page.getByLabel('Payment proof').setInputFiles(FIXTURES.text);
      await expect(page.getByRole('alert')).toHaveText(
        'Only JPG, PNG, WebP, HEIC or PDF files are allowed',
      );
      await expectNoHorizontalOverflow(page);

      await page.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
      await expect(page.getByTestId('proof-name')).toHaveText('receipt.png');
      await expectNoHorizontalOverflow(page);
    });
  }
});

test.describe('booking received, with how the guest paid (issue 15, points 4 and 21)', () => {
  test('a guest on a 320 px phone pays by GCash, sees "Booking received" with the stay, and staff see the method and reference', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 320, height: 800 });
    const unit = await findUnit(request, 'GC1');
    const guest = newGuest('received');
    const { checkIn, checkOut } = stay(317, 3);
    const reference = `Ref ${Date.now().toString().slice(-10)}`;

    await page.goto('/guest-booking');
    await fillBookingForm(page, {
      ...guest,
      unitId: unit.unit_id,
      checkIn,
      checkOut,
      paymentMethod: 'GCash',
    });
    await expect(page.getByLabel('How did you pay?').locator('option')).toHaveText([
      'Select a payment method',
      'GCash',
      'Maya',
      'Bank transfer',
      'Other',
    ]);
    await page.getByLabel('Transaction reference (optional)').fill(reference);
    const totalText = await settledQuoteTotal(page, 3);
    await page.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
    await expect(page.getByTestId('proof-name')).toHaveText('receipt.png');
    await verifyHuman(page);
    await page.getByRole('button', { name: 'Submit Booking' }).click();

    // Point 4: received, not confirmed, with what was booked and what happens next.
    await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toHaveCount(0);
    const bookingReference = (await page.getByTestId('booking-reference').innerText()).trim();
    expect(bookingReference).toMatch(/^BK-\d{4}-[A-Z2-9]{4}$/);
    const details = page.getByTestId('received-details');
    await expect(details).toContainText(`Cabin${unit.unit_name}`);
    await expect(details).toContainText(`Check-in${longDate(checkIn)}`);
    await expect(details).toContainText(`Check-out${longDate(checkOut)}`);
    await expect(details).toContainText('Nights3');
    await expect(details).toContainText(`Total${totalText}`);
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(page.getByTestId('next-steps')).toContainText(
      'We verify your payment, typically within 24 hours on business days.',
    );
    await expect(page.getByTestId('next-steps')).toContainText(guest.email);
    await expect(page.getByRole('link', { name: 'Check Booking Status' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make Another Booking' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // Point 21: staff see the method and the reference where they verify the payment.
    const staff = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      await signInContext(staff, 'manager');
      const staffPage = await staff.newPage();
      await staffPage.goto(`/payments?search=${bookingReference}`);
      const row = staffPage
        .getByRole('region', { name: 'Payments', exact: true })
        .getByRole('row')
        .filter({ hasText: bookingReference });
      await expect(row).toContainText('GCash');
      await expect(row).toContainText(reference);
      await row.getByRole('link', { name: /payment of/ }).click();

      await expect(staffPage.getByTestId('payment-reference')).toHaveText(reference);
      await expect(staffPage.getByRole('main')).toContainText('GCash');
      await staffPage.getByRole('button', { name: 'Verify', exact: true }).click();
      const dialog = staffPage.getByRole('dialog', { name: 'Verify payment' });
      await expect(dialog).toContainText(`by GCash (reference ${reference})`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await staffPage.getByRole('link', { name: bookingReference }).first().click();
      await expect(
        staffPage.getByRole('region', { name: 'Payments of this booking' }),
      ).toContainText(reference);
    } finally {
      await staff.close();
    }
  });
});

test.describe('form wording (issue 15, point 16)', () => {
  test('an empty name is required, the earliest check-in is tomorrow, and a bad file lists every type', async ({
    page,
  }) => {
    await page.goto('/guest-booking');
    const name = page.getByLabel('Full name');
    await name.fill('');
    await name.blur();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);

    const today = manilaToday();
    const checkIn = page.getByLabel('Check-in');
    await checkIn.fill(today);
    await checkIn.blur();
    await expect(
      page.getByText(`The earliest check-in is tomorrow, ${longDate(addDays(today, 1))}`),
    ).toBeVisible();
    await expect(page.getByText('Check-in must be in the future')).toHaveCount(0);

    await page.getByLabel('Payment proof').setInputFiles(FIXTURES.text);
    await expect(page.getByRole('alert')).toHaveText(
      'Only JPG, PNG, WebP, HEIC or PDF files are allowed',
    );
  });
});

test.describe('rates with taxes (issue 15, point 22)', () => {
  test('the home page and the booking form say the 13% taxes are added to the nightly rate', async ({
    page,
    request,
  }) => {
    const unit = await findUnit(request, 'BF1');
    await page.goto('/');
    const card = page.getByRole('article', { name: unit.unit_name });
    await expect(card).toContainText(/from\s*₱[\d,]+\s*\/ night \+ 13% taxes/);
    await expect(page.getByRole('main')).toContainText(
      'Rates are per night in Philippine pesos; 12% VAT and 1% local tax are added at booking.',
    );

    await card.getByRole('link', { name: /Book this cabin/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book Your Stay' })).toBeVisible();
    await expect(page.getByLabel('Cabin')).toHaveValue(unit.unit_id);
    await expect(page.getByText(/a night \+ 13% taxes/)).toBeVisible();

    // The quote agrees: VAT 12% and local tax 1% on top of the subtotal.
    const { checkIn, checkOut } = stay(321, 1);
    await page.getByLabel('Check-in').fill(checkIn);
    await page.getByLabel('Check-out').fill(checkOut);
    const breakdown = page.getByTestId('price-breakdown');
    await expect(breakdown).toContainText('VAT (12%)');
    await expect(breakdown).toContainText('Local tax (1%)');
    const quote = await request.post('/api/quote', {
      data: {
        units: [{ unit_id: unit.unit_id, num_guests: 1 }],
        check_in: checkIn,
        check_out: checkOut,
      },
    });
    const body = (await quote.json()) as {
      subtotal: number;
      tax_amount: number;
      total_amount: number;
    };
    expect(body.total_amount).toBe(body.subtotal + body.tax_amount);
    await expect(page.getByTestId('quote-total')).toHaveText(peso(body.total_amount));
  });
});
