import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { createUnitByApi, type CreatedUnit } from '../back-office/support';
import { csrfToken, signInContext, signInPage } from '../support/auth';
import { toastWith } from '../support/ui';
import { stayAt, uniqueLetters } from './support';

/*
 * Issue 7: the multi-unit wizard (SPEC §2 and §4) end to end. Each test makes its own cabins, so
 * their nights are free whatever else runs.
 */

const WARNING = 'Cabin availability has changed. Please verify your selection.';

async function makeCabins(request: APIRequestContext, rates: number[]): Promise<CreatedUnit[]> {
  const cabins: CreatedUnit[] = [];
  for (const rate of rates) {
    cabins.push(
      await createUnitByApi(request, {
        base_rate: rate,
        weekend_rate: rate + 500,
        base_occupancy: 2,
        max_occupancy: 4,
        extra_person_rate: 400,
      }),
    );
  }
  return cabins;
}

async function openWizard(page: Page, stay: { check_in: string; check_out: string }) {
  await page.goto('/bookings-new-multi');
  await expect(page.getByRole('heading', { name: 'New Multi-Unit Booking' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Dates and cabins' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(page.getByRole('heading', { name: 'No cabins selected' })).toBeVisible();
  await page.getByLabel('Check-in').fill(stay.check_in);
  await page.getByLabel('Check-out').fill(stay.check_out);
}

function cabinCard(page: Page, cabin: CreatedUnit) {
  return page.getByRole('article', { name: cabin.unit_name });
}

async function addCabin(page: Page, cabin: CreatedUnit) {
  const card = cabinCard(page, cabin);
  await expect(card.getByText('Available', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Add to Booking' }).click();
  await expect(card.getByText('Selected', { exact: true })).toBeVisible();
}

async function fillGuest(page: Page, email: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Primary guest' })).toBeVisible();
  await page.getByLabel('Guest name').fill('Group Organiser');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Contact number').fill('+63 917 555 0123');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3: Review and payment' })).toBeVisible();
}

const digits = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test.describe('multi-unit booking wizard', () => {
  test('books three cabins for 3 nights with the Bulk discount, priced as POST /api/quote', async ({
    page,
  }) => {
    await signInPage(page, 'owner');
    const cabins = await makeCabins(page.request, [2100, 2600, 3100]);
    const stay = stayAt(10, 3);
    const guests = [3, 2, 4];
    await openWizard(page, stay);

    for (const cabin of cabins) await addCabin(page, cabin);
    await expect(toastWith(page, `${cabins[2]!.unit_name} added to booking`)).toBeVisible();
    const selected = page.getByRole('region', { name: /Selected cabins \(3\)/ });
    for (const [index, cabin] of cabins.entries()) {
      const item = page.getByRole('listitem', { name: `${index + 1}. ${cabin.unit_name}` });
      await expect(item).toContainText(cabin.unit_code);
      await expect(item).toContainText('Up to 4 guests');
      await item.getByLabel(`Guests in ${cabin.unit_name}`).fill(String(guests[index]));
    }
    // SPEC §5: a count above the cabin's maximum (4) is ignored; the last good one stays.
    const firstGuests = page.getByLabel(`Guests in ${cabins[0]!.unit_name}`);
    await firstGuests.fill('9');
    await firstGuests.blur();
    await expect(firstGuests).toHaveValue(String(guests[0]));
    await expect(page.getByTestId('bulk-hint')).toContainText('Bulk discount');

    const first = page.getByRole('listitem', { name: `1. ${cabins[0]!.unit_name}` });
    await first.getByText('Pricing Breakdown').click();
    await expect(first.getByText('Base total (3 nights)')).toBeVisible();
    await expect(first.getByText('Extra person fee')).toBeVisible();

    const quoteResponse = await page.request.post('/api/quote', {
      data: {
        ...stay,
        units: cabins.map((cabin, index) => ({
          unit_id: cabin.unit_id,
          num_guests: guests[index],
        })),
      },
    });
    expect(quoteResponse.status()).toBe(200);
    const quote = (await quoteResponse.json()) as {
      total_amount: number;
      discount: { name: string; amount: number } | null;
    };
    expect(quote.discount?.name).toBe('Bulk');
    const summary = selected.getByTestId('price-summary');
    await expect(summary.getByText('Bulk discount (10%)')).toBeVisible();
    await expect
      .poll(async () => digits((await summary.getByTestId('quote-total').textContent()) ?? ''))
      .toBe(quote.total_amount);

    const email = `group.${uniqueLetters()}@example.ph`;
    await fillGuest(page, email);
    await expect(page.getByText('3 cabins', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Payment method')).toHaveValue('GCash');
    await page.getByLabel('Payment method').selectOption('Maya');
    await page.getByLabel('Special requests').fill('Adjacent cabins please');
    await expect(page.getByTestId('price-summary').getByText('Bulk discount (10%)')).toBeVisible();

    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    await expect(
      toastWith(page, /^Booking created successfully! Reference: BK-\d{4}-/),
    ).toBeVisible();
    await expect(page.getByText('Bulk discount', { exact: true }).first()).toBeVisible();
    const bookingId = page.url().split('/').pop()!;
    const detail = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as {
      data: {
        total_amount: number;
        unit_count: number;
        is_multi_unit: boolean;
        payment_method: string;
      };
    };
    expect(detail.data).toMatchObject({
      total_amount: quote.total_amount,
      unit_count: 3,
      is_multi_unit: true,
      payment_method: 'Maya',
    });
  });

  test('warns when another browser books a selected cabin while the wizard is open', async ({
    page,
    browser,
  }) => {
    await atPhoneWidth(page);
    await signInPage(page, 'owner');
    const cabins = await makeCabins(page.request, [2200, 2400]);
    const stay = stayAt(12, 2);
    await openWizard(page, stay);
    for (const cabin of cabins) await addCabin(page, cabin);
    await expectNoHorizontalOverflow(page);

    // SPEC §8: the last cabin cannot be removed; removing one of two can.
    const second = page.getByRole('listitem', { name: `2. ${cabins[1]!.unit_name}` });
    await expect(second.getByRole('button', { name: 'Remove' })).toBeVisible();

    const other = await browser.newContext();
    try {
      await signInContext(other, 'manager');
      const response = await other.request.post('/api/bookings/multi-unit', {
        headers: {
          'Idempotency-Key': randomUUID(),
          'X-CSRF-Token': await csrfToken(other.request),
        },
        data: {
          primary_guest: {
            guest_name: 'Walk In',
            email: `walk.in.${uniqueLetters()}@example.ph`,
            contact_number: '09175550123',
          },
          ...stay,
          units: [{ unit_id: cabins[1]!.unit_id, num_guests: 2 }],
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    } finally {
      await other.close();
    }

    await expect(toastWith(page, 'Availability updated')).toBeVisible();
    await expect(toastWith(page, WARNING)).toBeVisible();
    await expect(second.getByText('Unavailable', { exact: true })).toBeVisible();
    await expect(second.getByText(/No longer available for these dates/)).toBeVisible();

    // Going on with a taken cabin is refused until it is removed.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      toastWith(page, `${cabins[1]!.unit_name} is no longer available for these dates.`),
    ).toBeVisible();
    await second.getByRole('button', { name: 'Remove' }).click();
    await expect(toastWith(page, 'Cabin removed from booking')).toBeVisible();
    const first = page.getByRole('listitem', { name: `1. ${cabins[0]!.unit_name}` });
    await first.getByRole('button', { name: 'Remove' }).click();
    await expect(toastWith(page, 'Cannot remove the last cabin from booking')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 2: Primary guest' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('books a walk-in group without an e-mail as Walk-in, found by the Source filter', async ({
    page,
  }) => {
    await atPhoneWidth(page);
    await signInPage(page, 'manager');
    const cabins = await makeCabins(page.request, [2000, 2200]);
    await openWizard(page, stayAt(16, 2));
    for (const cabin of cabins) await addCabin(page, cabin);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 2: Primary guest' })).toBeVisible();

    // Issue 22: the source follows the e-mail (Walk-in while empty, Phone once one is typed).
    const guest = `Walkin Group ${uniqueLetters()}`;
    await page.getByLabel('Guest name').fill(guest);
    const source = page.getByLabel('Source');
    await expect(source).toHaveValue('walk_in');
    await page.getByLabel('E-mail').fill('organiser@example.ph');
    await expect(source).toHaveValue('phone');
    await page.getByLabel('E-mail').fill('');
    await expect(source).toHaveValue('walk_in');
    // Neither an e-mail nor a phone number: refused at the e-mail.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(
      /Enter an e-mail address or a phone number/,
    );
    await page.getByLabel('Contact number').fill('0917 555 0188');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 3: Review and payment' })).toBeVisible();
    const review = page.getByRole('definition');
    await expect(review.filter({ hasText: /^Walk-in$/ })).toBeVisible();
    await expect(review.filter({ hasText: '0917 555 0188' })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    const bookingId = page.url().split('/').pop()!;
    const detail = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as {
      data: { booking_reference: string; email: string | null; source: string; unit_count: number };
    };
    expect(detail.data).toMatchObject({ email: null, source: 'walk_in', unit_count: 2 });
    const reference = detail.data.booking_reference;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reference);
    await expect(page.getByRole('definition').filter({ hasText: /^Walk-in$/ })).toBeVisible();

    // The bookings list's Source filter finds it, and another source does not.
    await page.goto('/bookings');
    await page.getByLabel('Source').selectOption('walk_in');
    await expect(page).toHaveURL(/[?&]source=walk_in/);
    const search = page.getByRole('searchbox', { name: 'Search bookings' });
    await search.fill(reference);
    await search.press('Enter');
    await expect(page.getByText(guest).first()).toBeVisible();
    await page.getByLabel('Source').selectOption('phone');
    await expect(page).toHaveURL(/[?&]source=phone/);
    await expect(page.getByText(guest)).toHaveCount(0);
  });

  test('a double click on Confirm Booking makes one booking', async ({ page }) => {
    await signInPage(page, 'owner');
    const [cabin] = await makeCabins(page.request, [2300]);
    const stay = stayAt(14, 2);
    await openWizard(page, stay);
    // Step 1 needs a cabin (SPEC §8).
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toastWith(page, 'Please select at least one cabin')).toBeVisible();
    await addCabin(page, cabin!);
    const email = `double.${uniqueLetters()}@example.ph`;
    await fillGuest(page, email);

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/bookings/multi-unit')) {
        posts.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await page.getByRole('button', { name: 'Confirm Booking' }).dblclick();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);

    const list = (await (
      await page.request.get(`/api/bookings?search=${encodeURIComponent(email)}`)
    ).json()) as { total: number };
    expect(list.total).toBe(1);
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(posts).size).toBe(1);
    expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The key is dropped once the booking exists: the next booking gets a new one.
    expect(
      await page.evaluate(() => sessionStorage.getItem('resort.multi-unit-booking.idempotency')),
    ).toBeNull();
  });
});
