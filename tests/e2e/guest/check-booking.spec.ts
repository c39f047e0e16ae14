import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { createBookingByApi, findUnit, newGuest, stay } from './guest-helpers';

test.describe('check booking', () => {
  test('the form needs a reference and a valid e-mail', async ({ page }) => {
    await atPhoneWidth(page);
    await page.goto('/check-booking');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Check Your Booking');
    await page.getByRole('button', { name: 'Check Booking' }).click();
    await expect(page.getByText('Booking reference is required')).toBeVisible();
    await expect(page.getByText('Valid email is required')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test.describe('not found', () => {
    // One pattern: Playwright reads a two-item array option as [value, options].
    test.use({
      allowProblems: [/404 POST .*\/api\/guest-booking\/status$|status of 404 \(Not Found\)/],
    });

    test('a wrong e-mail shows the not-found card', async ({ page, request }) => {
      await atPhoneWidth(page);
      const unit = await findUnit(request, 'BF1');
      const guest = newGuest('lookup');
      const created = await createBookingByApi(request, {
        ...guest,
        unitId: unit.unit_id,
        ...stay(260, 2),
        file: { name: 'receipt.png', type: 'image/png', size: 9178 },
      });
      const reference = created.booking.booking_reference;

      await page.goto(`/check-booking?ref=${reference}`);
      await expect(page.getByRole('textbox', { name: /^Booking reference/ })).toHaveValue(
        reference,
      );
      await page.getByLabel('E-mail').fill('someone.else@example.ph');
      await page.getByRole('button', { name: 'Check Booking' }).click();
      const card = page.getByTestId('booking-not-found');
      await expect(card).toContainText('No booking found with the provided details.');
      await expect(card).toContainText(/check your booking reference and the e-mail/i);
      await expect(page.getByRole('heading', { name: unit.unit_name })).toHaveCount(0);

      // The right e-mail finds it; a booking whose proof has not arrived is not "verifying".
      await page.getByLabel('E-mail').fill(guest.email);
      await page.getByRole('button', { name: 'Check Booking' }).click();
      await expect(page.getByRole('heading', { name: unit.unit_name })).toBeVisible();
      await expect(card).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
    });
  });
});
