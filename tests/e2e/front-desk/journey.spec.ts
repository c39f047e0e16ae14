import type { Locator, Page } from '@playwright/test';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { toastText } from '../back-office/support';
import { longDate } from '../bookings/support';
import { demoAccount } from '../support/accounts';
import { apiSend, signInPage } from '../support/auth';
import { allowing } from '../support/problems';
import {
  addDays,
  createDeskBooking,
  createDeskCabin,
  deskArrivalToday,
  deskGuestName,
  setStatusByApi,
} from './support';
import { createHousekeepingAccount } from '../housekeeping/support';

/** The booking link of `guest` in a cabin's row of the tape chart, and the cell it fills. */
function tapeBar(page: Page, cabinName: string, guest: string): { bar: Locator; cell: Locator } {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: cabinName }) });
  const bar = row.getByRole('link', { name: new RegExp(guest) });
  return { bar, cell: bar.locator('xpath=ancestor::td[1]') };
}

/**
 * Issue 22 "done when", at a phone's width: the desk checks in today's arrival (recording the
 * guest's ID), the guest moves cabins on the second night, and leaves a day early; the cabin left
 * turns Dirty and a housekeeping account marks it Clean on its board; the tape chart then shows the
 * stay split over the two cabins and the released night free. (The day sheet's one printed page:
 * day-sheet-print.spec.ts.)
 */
test.describe('front desk journey', () => {
  // The refused move into a taken cabin is meant.
  test.use({
    allowProblems: allowing(/409 POST .*\/api\/bookings\/[^/]+\/move/, /status of 409/),
  });

  test('check-in with an ID, a move on the second night, an early departure, housekeeping cleans the cabin left, the tape chart', async ({
    page,
    browser,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const manager = await signInPage(page, 'manager');
    const request = page.context().request;
    const { cabin, booking, today } = await deskArrivalToday(request, 'Journey', 3);
    const second = await createDeskCabin(request, 'Journey Move');
    // A third cabin whose second night someone else holds: the move there is refused.
    const taken = await createDeskCabin(request, 'Journey Taken');
    await createDeskBooking(request, {
      unitId: taken.unit_id,
      guestName: deskGuestName('Other'),
      check_in: addDays(today, 1),
      check_out: addDays(today, 2),
    });
    const guest = booking.guest_name;

    // Today, on a phone: the arrival with its cabin and its housekeeping status.
    await atPhoneWidth(page);
    await page.goto('/front-desk');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const arrivals = page.getByRole('region', { name: /^Arrivals/ });
    const card = arrivals.getByRole('listitem', { name: new RegExp(guest) });
    await expect(card).toContainText(cabin.unit_name);
    await expect(card).toContainText('Phone');
    await expectNoHorizontalOverflow(page);

    // Check in, recording the guest's passport.
    await card.getByRole('button', { name: `Check In ${guest}` }).click();
    const checkIn = page.getByRole('dialog', { name: `Check in ${guest}?` });
    await checkIn.getByLabel('ID type').selectOption('passport');
    await checkIn.getByLabel('ID number').fill('P1234567');
    await checkIn.getByRole('button', { name: 'Check In' }).click();
    await expect(toastText(page, `${guest} checked in`)).toBeVisible();
    await expect(checkIn).toBeHidden();
    await expect(card).toContainText('Checked In');
    await expect(card.getByRole('button', { name: /Check In/ })).toHaveCount(0);

    // The booking shows who made it, where from, and the ID's last four digits only.
    await card.getByRole('link', { name: guest }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: booking.booking_reference }),
    ).toBeVisible();
    await expect(page.getByText('Passport ending 4567')).toBeVisible();
    await expect(page.getByText('P1234567')).toHaveCount(0);
    await expect(page.getByRole('definition').filter({ hasText: manager.name })).toBeVisible();

    // A move into a cabin taken on the second night is refused, naming the night.
    await page.getByRole('button', { name: 'Move to Another Cabin' }).click();
    let move = page.getByRole('dialog', { name: 'Move to another cabin?' });
    await move.getByLabel('Move to cabin').selectOption(taken.unit_id);
    await move.getByLabel('From date').fill(addDays(today, 1));
    await move.getByRole('button', { name: 'Move Guest' }).click();
    await expect(move.getByRole('alert')).toContainText(
      `${taken.unit_name} is not free on ${addDays(today, 1)}`,
    );
    await move.getByRole('button', { name: 'Go Back' }).click();

    // The guest moves to the free cabin on the second night.
    await page.getByRole('button', { name: 'Move to Another Cabin' }).click();
    move = page.getByRole('dialog', { name: 'Move to another cabin?' });
    await move.getByLabel('Move to cabin').selectOption(second.unit_id);
    await move.getByLabel('From date').fill(addDays(today, 1));
    await move.getByRole('button', { name: 'Move Guest' }).click();
    await expect(toastText(page, `Moved to ${second.unit_name} for 2 nights.`)).toBeVisible();
    const cabins = page.getByRole('region', { name: 'Cabins of this booking' });
    await expect(cabins).toContainText(cabin.unit_name);
    await expect(cabins).toContainText(second.unit_name);

    // And leaves a day early, without a refund.
    await page.getByRole('button', { name: 'Early Departure' }).click();
    const early = page.getByRole('dialog', { name: 'Record an early departure?' });
    await early.getByLabel('New check-out date').fill(addDays(today, 2));
    await early.getByRole('radio', { name: /^No/ }).check();
    await early.getByLabel('Reason').fill('Family emergency at home');
    await early.getByRole('button', { name: 'Record Early Departure' }).click();
    await expect(toastText(page, 'Early departure recorded: 1 night released.')).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      `${longDate(today)} to ${longDate(addDays(today, 2))} · 2 nights`,
    );
    await expectNoHorizontalOverflow(page);

    // The cabin the checked-in guest left waits for housekeeping: Dirty on today's sheet.
    await page.goto('/front-desk');
    const stayed = page
      .getByRole('region', { name: /^Arrivals/ })
      .getByRole('listitem', { name: new RegExp(guest) });
    await expect(
      stayed
        .getByRole('list', { name: 'Cabins' })
        .getByRole('listitem')
        .filter({ hasText: cabin.unit_name }),
    ).toContainText('Dirty');

    // A housekeeping account, on its own phone, finds the cabin on the board and marks it Clean;
    // the desk then reads Clean for it.
    const baseURL = test.info().project.use.baseURL;
    const admin = await playwright.request.newContext({ baseURL });
    const housekeeper = await createHousekeepingAccount(admin);
    await admin.dispose();
    const phone = await browser.newContext({ baseURL });
    const board = await phone.newPage();
    await atPhoneWidth(board);
    await board.goto('/login');
    await board.getByLabel('Email').fill(housekeeper.email);
    await board.getByLabel('Password').fill(housekeeper.password);
    await board.getByRole('button', { name: 'Sign In' }).click();
    await expect(board).toHaveURL(/\/housekeeping$/);
    const left = board.getByRole('article', { name: cabin.unit_name });
    await expect(left).toContainText('Dirty');
    await left.getByRole('button', { name: `Mark clean: ${cabin.unit_name}` }).click();
    await expect(left).toContainText('Clean');
    await expectNoHorizontalOverflow(board);
    await phone.close();
    await page.reload();
    await expect(
      stayed
        .getByRole('list', { name: 'Cabins' })
        .getByRole('listitem')
        .filter({ hasText: cabin.unit_name }),
    ).toContainText('Clean');

    // The tape chart: the first night in the first cabin, the second in the other, and the
    // released third night free.
    await page.goto(`/availability?date=${today.slice(0, 7)}`);
    const first = tapeBar(page, cabin.unit_name, guest);
    await expect(first.bar).toHaveCount(1);
    await expect(first.cell).toHaveAttribute('colspan', '1');
    await page.goto(`/availability?date=${addDays(today, 1).slice(0, 7)}`);
    const moved = tapeBar(page, second.unit_name, guest);
    await expect(moved.bar).toHaveCount(1);
    await expect(moved.cell).toHaveAttribute('colspan', '1');
    await expect(moved.bar).toHaveAccessibleName(
      new RegExp(`check-in ${longDate(addDays(today, 1)).slice(0, 6)}`),
    );
  });

  test('on a phone the back office opens on Today, the first link of the menu', async ({
    page,
  }) => {
    const staff = demoAccount('staff');
    await atPhoneWidth(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/front-desk$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const links = page.getByRole('dialog').getByRole('navigation').getByRole('link');
    await expect(links.first()).toHaveAccessibleName('Today');
  });

  test('an arrival into a cabin housekeeping has not made ready is flagged, at the desk and at check-in', async ({
    page,
  }) => {
    await signInPage(page, 'manager');
    const request = page.context().request;
    // A checked-in guest moves out of the cabin on their first night: it is left Dirty, and
    // another guest arrives in it today.
    const earlier = await deskArrivalToday(request, 'Dirty', 1);
    await setStatusByApi(request, earlier.booking.booking_id, 'CheckedIn');
    const other = await createDeskCabin(request, 'Dirty Other');
    const moved = await apiSend(
      request,
      'POST',
      `/api/bookings/${earlier.booking.booking_id}/move`,
      {
        from_unit_id: earlier.cabin.unit_id,
        to_unit_id: other.unit_id,
        from_date: earlier.today,
      },
    );
    expect(moved.status(), await moved.text()).toBe(200);
    const cabin = earlier.cabin;
    const booking = await createDeskBooking(request, {
      unitId: cabin.unit_id,
      guestName: deskGuestName('Next'),
      check_in: earlier.today,
      check_out: addDays(earlier.today, 1),
    });
    await setStatusByApi(request, booking.booking_id, 'Confirmed');
    await atPhoneWidth(page);
    await page.goto('/front-desk');
    const card = page
      .getByRole('region', { name: /^Arrivals/ })
      .getByRole('listitem', { name: new RegExp(booking.guest_name) });
    await expect(card.getByRole('note')).toHaveText(
      `Cabin not ready: ${cabin.unit_name} is Dirty.`,
    );
    await card.getByRole('button', { name: `Check In ${booking.guest_name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Check in ${booking.guest_name}?` });
    await expect(dialog.getByRole('alert')).toContainText(
      `Cabin not ready${cabin.unit_name} is Dirty. Housekeeping has not marked it Clean or Inspected.`,
    );
  });
});
