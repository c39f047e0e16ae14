import { readFileSync } from 'node:fs';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { apiSend, signInPage } from '../support/auth';
import { createStaffBooking, stayAt, toast, uniqueLetters, unitByCode } from './support';

test.describe('guests', () => {
  test('a manager finds a guest, sees their bookings and stats, edits them and exports their data', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const unit = await unitByCode(page.request, 'GC1');
    const name = `Guestpage ${uniqueLetters()}`;
    const email = `guestpage.${uniqueLetters()}@example.ph`;
    const first = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: name,
      email,
      stay: stayAt(600, 2),
    });
    const second = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: name,
      email,
      stay: stayAt(605, 1),
    });

    await page.goto('/guests');
    await page.getByLabel('Search guests').fill(email);
    await expect(page).toHaveURL(/search=/);
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const stats = page.getByRole('region', { name: 'Guest statistics' });
    await expect(stats).toContainText('Bookings');
    await expect(stats).toContainText('2');
    const bookings = page.getByRole('region', { name: 'Bookings of this guest' });
    // Newest check-in first, with the cabin's name and code.
    await expect(bookings.getByRole('row').nth(1)).toContainText(second.booking_reference);
    await expect(bookings.getByRole('row').nth(2)).toContainText(first.booking_reference);
    await expect(bookings.getByRole('row').nth(1)).toContainText(
      `${unit.unit_name} ${unit.unit_code}`,
    );

    // Export: a JSON download of everything held about them.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export Data' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^guest-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      guest: { email: string };
      bookings: unknown[];
    };
    expect(exported.guest.email).toBe(email);
    expect(exported.bookings).toHaveLength(2);

    // Edit, with SPEC §5's phone rule and +63 formatting.
    await page.getByRole('link', { name: 'Edit' }).click();
    const phone = page.getByLabel('Phone');
    await phone.fill('12345');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByText(
        'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
      ),
    ).toBeVisible();
    await phone.fill('09185550000');
    await phone.blur();
    await expect(phone).toHaveValue('+63 918 555 0000');
    await page.getByLabel('Notes').fill('Likes the garden cabin');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Guest updated')).toBeVisible();
    await expect(page.getByText('+63 918 555 0000')).toBeVisible();
    await expect(page.getByText('Likes the garden cabin')).toBeVisible();
  });

  test('an owner anonymises a guest after typing their name', async ({ page }) => {
    await atPhoneWidth(page);
    await signInPage(page, 'owner');
    const unit = await unitByCode(page.request, 'BF1');
    const name = `Forgetme ${uniqueLetters()}`;
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: name,
      email: `forgetme.${uniqueLetters()}@example.ph`,
      stay: stayAt(610, 1),
    });
    const detail = await page.request.get(`/api/bookings/${booking.booking_id}`);
    const { data } = (await detail.json()) as { data: { guest_id: string } };
    await page.goto(`/guests/${data.guest_id}`);
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Anonymise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anonymise this guest?' });
    const confirm = dialog.getByRole('button', { name: 'Anonymise Guest' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill(name);
    await confirm.click();
    await expect(toast(page, 'The guest has been anonymised')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Anonymized guest' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('personal details were removed');
    // The booking is kept, without the name.
    await page.goto(`/bookings/${booking.booking_id}`);
    await expect(page.getByRole('main')).toContainText('Anonymized guest');
    await expect(page.getByRole('main')).not.toContainText(name);
  });
});

test.describe('guests (staff)', () => {
  test('the guest edit page answers with the permission message and the API refuses it', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    const list = await page.request.get('/api/guests?page_size=1');
    const { data } = (await list.json()) as { data: { guest_id: string }[] };
    const guestId = data[0]!.guest_id;
    await page.goto(`/guests/${guestId}/edit`);
    await expect(
      page.getByText('You do not have permission to edit guests. Manager role required.'),
    ).toBeVisible();
    const response = await apiSend(page.request, 'PATCH', `/api/guests/${guestId}`, {
      notes: 'Staff tried this',
    });
    expect(response.status()).toBe(403);
    await page.goto(`/guests/${guestId}`);
    await expect(page.getByRole('heading', { name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export Data' })).toHaveCount(0);
  });
});
