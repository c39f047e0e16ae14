import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { csrfToken, signInPage } from '../support/auth';
import { stayAt, uniqueLetters } from './support';

/*
 * Issue 15, point 17: a phone number reads one way on every page, "+63 935 123 4567", however it
 * was typed ("0935 123 4567" in the multi-unit wizard used to show as typed).
 */

const SHOWN = '+63 935 123 4567';

test('a number typed 0935 … shows as +63 935 … on the booking, the guest and the guest list', async ({
  page,
}) => {
  await signInPage(page, 'manager');
  const unit = await createUnitByApi(page.request);
  const name = `Lorna ${uniqueLetters()}`;
  const email = `lorna.${uniqueLetters()}@example.ph`;
  const response = await page.request.post('/api/bookings/multi-unit', {
    headers: {
      'Idempotency-Key': randomUUID(),
      'X-CSRF-Token': await csrfToken(page.request),
    },
    data: {
      primary_guest: { guest_name: name, email, contact_number: '0935 123 4567' },
      ...stayAt(640, 2),
      units: [{ unit_id: unit.unit_id, num_guests: 2 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const booking = ((await response.json()) as { data: { booking_id: string; guest_id: string } })
    .data;

  await page.goto(`/bookings/${booking.booking_id}`);
  await expect(page.getByText(SHOWN)).toBeVisible();
  await expect(page.getByText(/0935/)).toHaveCount(0);

  await page.goto(`/guests/${booking.guest_id}`);
  await expect(page.getByText(SHOWN)).toBeVisible();
  await expect(page.getByText(/0935/)).toHaveCount(0);

  await page.goto(`/guests?search=${encodeURIComponent(email)}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(SHOWN);
  await expect(row).not.toContainText('0935');
});
