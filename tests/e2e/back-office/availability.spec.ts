import { expect, test } from '../fixtures';
import { createBookingByApi, newGuest, stay } from '../guest/guest-helpers';
import { demoAccount } from '../support/accounts';
import { apiSend, signInPage, signInViaApi } from '../support/auth';
import { createUnitByApi, toastText } from './support';

test.describe('availability', () => {
  test.use({ allowProblems: [/409 POST .*\/api\/blackouts|status of 409/] });

  test('a manager blocks a cabin’s dates; the tape chart and the public calendar show them taken', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'manager');
    const unit = await createUnitByApi(page.request);
    const blocked = stay(40, 3);
    const firstNight = blocked.checkIn;
    const lastNight = stay(42, 1).checkIn;
    const month = firstNight.slice(0, 7);

    await page.goto(`/availability?date=${month}&unit=${unit.unit_id}`);
    await expect(page.getByRole('tab', { name: 'Calendar View' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = page.getByRole('row', { name: new RegExp(unit.unit_name) });
    await expect(row).toBeVisible();

    await page.getByRole('button', { name: 'Block Dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Dates' });
    await dialog.getByLabel('Cabin').selectOption(unit.unit_id);
    // Validation first: no reason, and an end before the start.
    await dialog.getByLabel('First blocked night').fill(lastNight);
    await dialog.getByLabel('Last blocked night').fill(firstNight);
    await dialog.getByRole('button', { name: 'Block Dates' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await expect(dialog.getByText('End date must be on or after start date')).toBeVisible();

    await dialog.getByLabel('First blocked night').fill(firstNight);
    await dialog.getByLabel('Last blocked night').fill(lastNight);
    await dialog.getByLabel('Reason').fill('Roof repairs');
    await dialog.getByRole('button', { name: 'Block Dates' }).click();
    await expect(toastText(page, new RegExp(`${unit.unit_name} is blocked`))).toBeVisible();
    await expect(dialog).toBeHidden();

    // The tape chart shades the nights, with text (not colour alone).
    const bar = row.getByRole('button', { name: /Blocked: Roof repairs/ });
    await expect(bar).toBeVisible();
    await expect(page.getByText('Roof repairs')).toBeVisible();

    // Guests see the nights as closed on the public calendar.
    const guestContext = await browser.newContext();
    const guestPage = await guestContext.newPage();
    await guestPage.goto(`/calendar?month=${month}`);
    const card = guestPage.getByRole('region', { name: unit.unit_name });
    for (const night of [firstNight, stay(41, 1).checkIn, lastNight]) {
      await expect(card.locator(`td[data-date="${night}"]`)).toHaveAttribute(
        'data-state',
        'blocked',
      );
    }
    await expect(card.locator(`td[data-date="${stay(43, 1).checkIn}"]`)).toHaveAttribute(
      'data-state',
      'free',
    );
    await guestContext.close();

    // A blackout over a booking is refused, naming the booking.
    const booked = stay(50, 2);
    const guest = newGuest('blackout');
    const created = await createBookingByApi(page.request, {
      ...guest,
      unitId: unit.unit_id,
      checkIn: booked.checkIn,
      checkOut: booked.checkOut,
      file: { name: 'proof.png', type: 'image/png', size: 2000 },
    });
    await page.goto(`/availability?date=${booked.checkIn.slice(0, 7)}&unit=${unit.unit_id}`);
    await expect(page.getByRole('link', { name: new RegExp(guest.name) })).toBeVisible();
    await page.getByRole('button', { name: 'Block Dates' }).click();
    await dialog.getByLabel('Cabin').selectOption(unit.unit_id);
    await dialog.getByLabel('First blocked night').fill(booked.checkIn);
    await dialog.getByLabel('Last blocked night').fill(booked.checkIn);
    await dialog.getByLabel('Reason').fill('Owner visit');
    await dialog.getByRole('button', { name: 'Block Dates' }).click();
    await expect(dialog.getByRole('alert')).toContainText(created.booking.booking_reference);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The blackout is removed again.
    await page.goto(`/availability?date=${month}&unit=${unit.unit_id}`);
    await row.getByRole('button', { name: /Blocked: Roof repairs/ }).click();
    const edit = page.getByRole('dialog', { name: 'Change Blocked Dates' });
    await edit.getByRole('button', { name: 'Remove' }).click();
    await edit.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(toastText(page, 'Blocked dates removed')).toBeVisible();
    await expect(row.getByRole('button', { name: /Blocked/ })).toHaveCount(0);
  });

  test('the units overview shows today’s state of each cabin; staff cannot block dates', async ({
    page,
    request,
  }) => {
    await signInViaApi(request, demoAccount('manager'));
    const blockedUnit = await createUnitByApi(request);
    const freeUnit = await createUnitByApi(request);
    const today = stay(0, 1).checkIn;
    const response = await apiSend(request, 'POST', '/api/blackouts', {
      unit_id: blockedUnit.unit_id,
      start_date: today,
      end_date: today,
      reason: 'Pest control',
    });
    expect(response.status(), await response.text()).toBe(201);

    await signInPage(page, 'staff');
    await page.goto('/availability?view=units');
    await expect(page.getByRole('tab', { name: 'Units Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const blockedRow = page.getByRole('row', { name: new RegExp(blockedUnit.unit_name) });
    await expect(blockedRow).toContainText('Blocked');
    await expect(blockedRow).toContainText('Pest control');
    await expect(page.getByRole('row', { name: new RegExp(freeUnit.unit_name) })).toContainText(
      'Free',
    );
    // The demo villa has a stay in progress.
    await expect(page.getByRole('row', { name: /Cove Family Villa/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Block Dates' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Calendar View' }).click();
    await expect(page).toHaveURL(/\/availability$/);
    const bar = page
      .getByRole('row', { name: new RegExp(blockedUnit.unit_name) })
      .getByText('Blocked', { exact: true });
    await expect(bar).toBeVisible();
    // Staff see the blocked stretch but cannot open it for changes.
    await expect(
      page.getByRole('row', { name: new RegExp(blockedUnit.unit_name) }).getByRole('button'),
    ).toHaveCount(0);
  });
});
