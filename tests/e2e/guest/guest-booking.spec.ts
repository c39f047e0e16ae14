import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import {
  fillBookingForm,
  findMail,
  findUnit,
  longDate,
  newGuest,
  nightsOf,
  peso,
  stay,
  verifyHuman,
} from './guest-helpers';
import { FIXTURES, writeLargePhoto } from './proof-files';
import { MONTH_NAMES } from '../../../src/domain/dates';

const monthLabel = (date: string) =>
  `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

test.describe('guest booking', () => {
  test('a guest books a cabin with a PNG proof, gets the e-mail, checks it and sees the nights taken', async ({
    page,
    request,
  }) => {
    test.slow();
    await atPhoneWidth(page);
    const unit = await findUnit(request, 'BF1');
    const guest = newGuest('png');
    const { checkIn, checkOut } = stay(210, 3);

    // From a cabin card: the cabin comes preselected.
    await page.goto(`/guest-booking?unit_id=${unit.unit_id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Book Your Stay' })).toBeVisible();
    await expect(page.getByLabel('Cabin')).toHaveValue(unit.unit_id);
    for (const title of ['Guest Information', 'Booking Details', 'Payment Proof']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Terms and Conditions' }).first()).toBeVisible();
    // SPEC §2: no submitting before the human verification is done.
    const submit = page.getByRole('button', { name: 'Submit Booking' });
    await expect(submit).toBeDisabled();

    await fillBookingForm(page, { ...guest, unitId: unit.unit_id, checkIn, checkOut });
    await page.getByLabel('Special requests (optional)').fill('Late arrival, around 9 PM.');
    await expect(page.getByText('26/500 characters')).toBeVisible();

    // The live price comes from the server's quote.
    const quoteResponse = await request.post('/api/quote', {
      data: {
        units: [{ unit_id: unit.unit_id, num_guests: 2 }],
        check_in: checkIn,
        check_out: checkOut,
      },
    });
    const quote = (await quoteResponse.json()) as {
      total_amount: number;
      nights: number;
      deposit: { deposit_amount: number };
    };
    const total = peso(quote.total_amount);
    await expect(page.getByTestId('quote-total')).toHaveText(total);
    // Issue 17: the guest pays the deposit now (the balance later).
    await expect(page.getByTestId('amount-to-pay')).toHaveText(peso(quote.deposit.deposit_amount));
    await expect(page.getByTestId('price-breakdown')).toContainText('VAT (12%)');
    await expect(page.getByTestId('price-breakdown')).toContainText('Local tax (1%)');
    await expect(page.getByTestId('stay-availability')).toHaveText('These dates are available.');

    await page.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
    await expect(page.getByRole('img', { name: 'Preview of your payment proof' })).toBeVisible();
    await expect(page.getByTestId('proof-name')).toHaveText('receipt.png');

    await verifyHuman(page);
    await expect(submit).toBeEnabled();
    await expectNoHorizontalOverflow(page);
    await submit.click();

    await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
      timeout: 30_000,
    });
    const reference = (await page.getByTestId('booking-reference').innerText()).trim();
    expect(reference).toMatch(/^BK-\d{4}-[A-Z2-9]{4}$/);
    await expect(page.getByTestId('next-steps')).toContainText(
      `we confirm your booking by e-mail to ${guest.email}`,
    );
    await expectNoHorizontalOverflow(page);

    // The confirmation e-mail lands in the outbox with the reference.
    await expect
      .poll(() => findMail(reference).filter((mail) => mail.includes(guest.email)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    // "Check Booking Status" carries the reference; the guest adds their e-mail.
    await page.getByRole('link', { name: 'Check Booking Status' }).click();
    await expect(page).toHaveURL(new RegExp(`/check-booking\\?ref=${reference}`));
    await expect(page.getByRole('textbox', { name: /^Booking reference/ })).toHaveValue(reference);
    await page.getByLabel('E-mail').fill(guest.email);
    await page.getByRole('button', { name: 'Check Booking' }).click();
    await expect(page.getByRole('heading', { name: unit.unit_name })).toBeVisible();
    await expect(page.getByTestId('booking-status-message')).toHaveText(
      'Your payment is being verified. You will receive a confirmation email once the payment is confirmed.',
    );
    await expect(page.getByTestId('booking-status-badge')).toHaveText('Pending');
    await expect(page.getByTestId('payment-status-badge')).toHaveText('Pending verification');
    await expect(page.getByRole('main')).toContainText(longDate(checkIn));
    await expect(page.getByRole('main')).toContainText(longDate(checkOut));
    await expect(page.getByRole('main')).toContainText(total);
    await expectNoHorizontalOverflow(page);

    // The public calendar shows the nights as booked once the guest moves to that month.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Availability Calendar' }),
    ).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      if ((await page.getByTestId('calendar-month').innerText()) === monthLabel(checkIn)) break;
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await expect(page.getByTestId('calendar-month')).toHaveText(monthLabel(checkIn));
    const cabin = page.getByRole('region', { name: unit.unit_name });
    for (const night of nightsOf(checkIn, checkOut).filter(
      (n) => n.slice(0, 7) === checkIn.slice(0, 7),
    )) {
      await expect(cabin.locator(`td[data-date="${night}"]`)).toHaveAttribute(
        'data-state',
        'taken',
      );
      await expect(cabin.locator(`td[data-date="${night}"]`)).toContainText('booked');
    }
    // The check-out date is free, when it is in the month shown (210 days ahead can end a stay
    // in the next month: from 2026-12-01 the stay is 2027-06-29 to 2027-07-02).
    if (checkOut.slice(0, 7) === checkIn.slice(0, 7)) {
      await expect(cabin.locator(`td[data-date="${checkOut}"]`)).not.toHaveAttribute(
        'data-state',
        'taken',
      );
    }
    await expectNoHorizontalOverflow(page);
  });

  test('a PDF proof is accepted and shown by name and size', async ({ page, request }) => {
    const unit = await findUnit(request, 'GC1');
    const guest = newGuest('pdf');
    const { checkIn, checkOut } = stay(220, 2);
    await page.goto('/guest-booking');
    await fillBookingForm(page, { ...guest, unitId: unit.unit_id, checkIn, checkOut });
    await page.getByLabel('Payment proof').setInputFiles(FIXTURES.pdf);
    await expect(page.getByTestId('proof-name')).toHaveText('receipt.pdf');
    await expect(page.getByTestId('proof-size')).toHaveText('615 bytes');
    await expect(page.getByRole('img', { name: 'Preview of your payment proof' })).toHaveCount(0);
    // The verification works from the keyboard: Space on the focused box.
    await page.getByRole('checkbox', { name: "I'm not a robot" }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Verified. You can now submit your booking.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeFocused();
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('booking-reference')).toHaveText(/^BK-/);

    // "Make Another Booking" starts over with an empty form and a new verification.
    await page.getByRole('button', { name: 'Make Another Booking' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Submit Booking' })).toBeDisabled();
  });

  test('a large photo is compressed in the browser before it is uploaded', async ({
    page,
    request,
  }) => {
    test.slow();
    const unit = await findUnit(request, 'VL1');
    const guest = newGuest('photo');
    const { checkIn, checkOut } = stay(230, 2);
    const photo = await writeLargePhoto();
    await page.goto('/guest-booking');
    await fillBookingForm(page, { ...guest, unitId: unit.unit_id, checkIn, checkOut, guests: 4 });
    await page.getByLabel('Payment proof').setInputFiles(photo);
    await expect(page.getByTestId('proof-name')).toHaveText('phone-photo.jpg', { timeout: 20_000 });
    await expect(page.getByTestId('proof-size')).toContainText('made smaller from');
    const sizeText = await page.getByTestId('proof-size').innerText();
    const [size, unitLabel] = sizeText.split(' ');
    const bytes = Number(size) * (unitLabel === 'MB' ? 1024 * 1024 : 1024);
    expect(bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    await verifyHuman(page);
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('an iPhone HEIC photo is converted to JPEG in the browser and booked', async ({
    page,
    request,
  }) => {
    test.slow();
    const unit = await findUnit(request, 'BF1');
    const guest = newGuest('heic');
    const { checkIn, checkOut } = stay(270, 2);
    await page.goto('/guest-booking');
    await fillBookingForm(page, { ...guest, unitId: unit.unit_id, checkIn, checkOut });
    // Chromium cannot decode HEIC itself, so this runs the lazily loaded libheif (heic-to/csp).
    await page.getByLabel('Payment proof').setInputFiles(FIXTURES.heic);
    await expect(page.getByTestId('proof-name')).toHaveText('receipt.jpg', { timeout: 45_000 });
    await expect(page.getByRole('img', { name: 'Preview of your payment proof' })).toBeVisible();
    await verifyHuman(page);
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
      timeout: 30_000,
    });
  });
});
