import { expect, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { signInPage } from '../support/auth';
import { createStaffBooking, stayAt, uniqueLetters } from './support';

/**
 * Issue 15, point 11: a guest saved with another guest's e-mail is refused naming that guest, at
 * the e-mail field, instead of "This record already exists".
 */
test.describe('guest e-mail conflict', () => {
  test.use({ allowProblems: [/409 PATCH .*\/api\/guests\/|status of 409/] });

  test('the e-mail field names the guest who already uses the address', async ({ page }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const maria = `Maria ${uniqueLetters()} Santos`;
    const mariaEmail = `maria.${uniqueLetters()}@example.ph`;
    const juan = `Juan ${uniqueLetters()} Cruz`;
    const juanEmail = `juan.${uniqueLetters()}@example.ph`;
    await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: maria,
      email: mariaEmail,
      stay: stayAt(700, 1),
    });
    await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: juan,
      email: juanEmail,
      stay: stayAt(702, 1),
    });

    await page.goto('/guests');
    await page.getByLabel('Search guests').fill(juanEmail);
    await page.getByRole('link', { name: juan }).click();
    await expect(page.getByRole('heading', { level: 1, name: juan })).toBeVisible();
    await page.getByRole('link', { name: 'Edit' }).click();
    const email = page.getByLabel('E-mail');
    await email.fill(mariaEmail.toUpperCase());
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const message = `Another guest, ${maria}, already uses this e-mail.`;
    // The field is marked invalid once the server's answer is in; only then does it point to
    // its error (read too early, aria-describedby has no error id yet).
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await email.getAttribute('aria-describedby');
    const errorId = describedBy?.split(' ').find((part) => part.endsWith('-error'));
    await expect(page.locator(`[id="${errorId ?? 'none'}"]`)).toHaveText(message);
    await expect(
      page.getByText('This record already exists. Please check for duplicates.'),
    ).toHaveCount(0);
    await expect(page).toHaveURL(/\/edit$/);
  });
});
