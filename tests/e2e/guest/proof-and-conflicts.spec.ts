import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import {
  createBookingByApi,
  fillBookingForm,
  findUnit,
  newGuest,
  stay,
  uploadUrl,
  verifyHuman,
} from './guest-helpers';
import { FIXTURES, writeOversizePdf } from './proof-files';

test.describe('payment proof rules', () => {
  test('a PDF over 2 MB is refused in the browser with SPEC’s message', async ({ page }) => {
    await page.goto('/guest-booking');
    await page.getByLabel('Payment proof').setInputFiles(writeOversizePdf());
    await expect(page.getByRole('alert')).toHaveText('File is too large. Maximum size is 2 MB.');
    await expect(page.getByLabel('Payment proof')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('proof-name')).toHaveCount(0);
  });

  test('a file that is not a JPG, PNG, WebP or PDF is refused, whatever its name says', async ({
    page,
  }) => {
    await page.goto('/guest-booking');
    const input = page.getByLabel('Payment proof');
    await input.setInputFiles(FIXTURES.text);
    await expect(page.getByRole('alert')).toHaveText(
      'Only JPG, PNG, WebP, HEIC or PDF files are allowed',
    );
    // Renamed to .png: the bytes still say text.
    await input.setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: readFileSync(FIXTURES.text),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'Only JPG, PNG, WebP, HEIC or PDF files are allowed',
    );
    // A good file replaces the error.
    await input.setInputFiles(FIXTURES.png);
    await expect(page.getByTestId('proof-name')).toHaveText('receipt.png');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: /^Remove receipt\.png/ }).click();
    await expect(page.getByLabel('Payment proof')).toBeVisible();
  });

  test.describe('the server refuses what the browser would', () => {
    test('an upload over 2 MB answers 413 and a non-image answers 415', async ({ request }) => {
      const unit = await findUnit(request, 'VL1');
      const guest = newGuest('limits');
      const big = stay(250, 1);
      const created = await createBookingByApi(request, {
        ...guest,
        unitId: unit.unit_id,
        ...big,
        file: { name: 'statement.pdf', type: 'application/pdf', size: 600_000 },
      });
      const tooLarge = await request.put(uploadUrl(created.upload), {
        headers: { 'Content-Type': 'application/pdf' },
        data: readFileSync(writeOversizePdf()),
      });
      expect(tooLarge.status()).toBe(413);
      expect(((await tooLarge.json()) as { message: string }).message).toBe(
        'File must be less than 2MB',
      );

      const other = await createBookingByApi(request, {
        ...guest,
        unitId: unit.unit_id,
        ...stay(252, 1),
        file: { name: 'receipt.png', type: 'image/png', size: 42 },
      });
      const wrongType = await request.put(uploadUrl(other.upload), {
        headers: { 'Content-Type': 'image/png' },
        data: readFileSync(FIXTURES.text),
      });
      expect(wrongType.status()).toBe(415);
      expect(((await wrongType.json()) as { message: string }).message).toBe(
        'Invalid file type. Please upload a JPG, PNG, WebP or PDF file.',
      );
    });
  });
});

test.describe('form messages', () => {
  test('submitting an empty form shows each field’s message', async ({ page }) => {
    await page.goto('/guest-booking');
    await verifyHuman(page);
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    // E-mail and phone are empty: required.
    await expect(page.getByText('This field is required')).toHaveCount(2);
    await expect(page.getByText('Please select a cabin')).toBeVisible();
    await expect(page.getByText('Please select a valid date')).toHaveCount(2);
    await expect(page.getByText('Payment proof is required')).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('E-mail').fill('maria@');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByLabel('Phone number').fill('12345');
    await page.getByLabel('Phone number').blur();
    await expect(
      page.getByText(
        'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
      ),
    ).toBeVisible();
    await page.getByLabel('Phone number').fill('09171234567');
    await page.getByLabel('Phone number').blur();
    await expect(page.getByLabel('Phone number')).toHaveValue('+63 917 123 4567');
  });

  test('check-out follows check-in and guests are bounded by the cabin', async ({
    page,
    request,
  }) => {
    const unit = await findUnit(request, 'GC1');
    await page.goto('/guest-booking');
    await page.getByLabel('Cabin').selectOption(unit.unit_id);
    const guestOptions = page.getByLabel('Number of guests').locator('option');
    await expect(guestOptions).toHaveCount(unit.max_occupancy);
    const { checkIn } = stay(100, 1);
    await page.getByLabel('Check-in').fill(checkIn);
    const { checkIn: nextDay } = stay(101, 1);
    await expect(page.getByLabel('Check-out')).toHaveValue(nextDay);
    await expect(page.getByLabel('Check-out')).toHaveAttribute('min', nextDay);
    await expect(page.getByLabel('Check-in')).toHaveAttribute('min', stay(1, 1).checkIn);
  });
});

test.describe('taken dates', () => {
  // The second booking of the same nights is refused by the server: that 409 is the point.
  test.use({ allowProblems: [/409 POST .*\/api\/guest-booking$|status of 409 \(Conflict\)/] });

  test('booking nights that are already taken shows the server’s message near the dates', async ({
    page,
    request,
  }) => {
    const unit = await findUnit(request, 'GC1');
    const { checkIn, checkOut } = stay(240, 2);
    await createBookingByApi(request, {
      ...newGuest('first'),
      unitId: unit.unit_id,
      checkIn,
      checkOut,
      file: { name: 'receipt.png', type: 'image/png', size: 9178 },
    });

    await page.goto('/guest-booking');
    await fillBookingForm(page, { ...newGuest('second'), unitId: unit.unit_id, checkIn, checkOut });
    // The calendar already says so before submitting...
    await expect(page.getByTestId('stay-availability')).toContainText('Not available on');
    await page.getByLabel('Payment proof').setInputFiles(FIXTURES.png);
    await verifyHuman(page);
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    // ...and the server refuses it, naming the dates.
    const conflict = page.getByTestId('date-conflict');
    await expect(conflict).toBeVisible({ timeout: 20_000 });
    const message = (await conflict.innerText()).trim();
    expect(message.length).toBeGreaterThan(10);
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(message);
    await expect(page.getByRole('heading', { name: 'Booking received' })).toHaveCount(0);
    // The ALTCHA solution is not spent by a refused booking: other dates go straight through.
    await expect(page.getByText('Verified. You can now submit your booking.')).toBeVisible();
    const free = stay(244, 2);
    await page.getByLabel('Check-in').fill(free.checkIn);
    await page.getByLabel('Check-out').fill(free.checkOut);
    await expect(conflict).toHaveCount(0);
    await expect(page.getByTestId('stay-availability')).toHaveText('These dates are available.');
    await page.getByRole('button', { name: 'Submit Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Booking received' })).toBeVisible({
      timeout: 30_000,
    });
  });
});
