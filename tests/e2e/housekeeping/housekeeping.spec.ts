import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PERMISSION_MESSAGES } from '../../../src/domain/permissions';
import { addDays, manilaToday, toast } from '../bookings/support';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { FIXTURES } from '../guest/proof-files';
import { signInPage } from '../support/auth';
import { allowing } from '../support/problems';
import { bookCabin, createHouseCabin, createHousekeepingAccount, moveBooking } from './support';

/*
 * Issue 22, housekeeping in the browser at 360 px: a check-out turns the cabin Dirty on the board;
 * a housekeeping account signs in, sees only the board and marks it Clean, and is shown the
 * permission message (with no refused call) on any other page; a manager marks a cabin Inspected
 * and takes it out of order (the tape chart shows the block; over a booking the refusal names
 * it); the cabin page's maintenance log takes an issue with a photo and records its cost as an
 * expense. Every cabin is this spec's own ("A House …", sorting first).
 */

/** The cabin's card on the board. */
function card(page: Page, unitName: string) {
  return page.getByRole('article', { name: unitName });
}

async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await atPhoneWidth(page);
  return page;
}

test.describe('housekeeping board', () => {
  test('a check-out makes the cabin Dirty; a housekeeping account sees only the board and marks it Clean', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signInPage(page, 'admin');
    const cabin = await createHouseCabin(page.request);
    const booking = await bookCabin(page.request, cabin.unit_id, 0, 1);
    await moveBooking(page.request, booking.booking_id, ['Confirmed', 'CheckedIn', 'CheckedOut']);

    // Staff and up have the board in their menu; the checked-out cabin is Dirty there.
    await atPhoneWidth(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Housekeeping' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Housekeeping' })).toBeVisible();
    await expect(card(page, cabin.unit_name)).toContainText('Dirty');

    // The housekeeping account (an administrator made it) signs in and lands on the board.
    const account = await createHousekeepingAccount(page.context().request);
    const phone = await newPhonePage(browser);
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(account.email);
    await phone.getByLabel('Password').fill(account.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await expect(phone).toHaveURL(/\/housekeeping$/);
    await expect(phone.getByRole('heading', { level: 1, name: 'Housekeeping' })).toBeVisible();
    await expectNoHorizontalOverflow(phone);

    // Its menu holds the board and its own account, nothing else.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.getByRole('dialog');
    await expect(menu.getByRole('link')).toHaveText(['Housekeeping', 'My Account']);
    await expect(menu.getByText('Housekeeping', { exact: true }).last()).toBeVisible();
    await phone.keyboard.press('Escape');

    // The Dirty filter shows the cabin; Mark clean makes it Clean (colour, icon and word).
    await phone.getByRole('button', { name: /^Dirty/ }).click();
    await expect(phone).toHaveURL(/status=Dirty/);
    const dirty = card(phone, cabin.unit_name);
    await expect(dirty).toContainText('Dirty');
    // A housekeeping account has no manager's buttons, and no link to the cabin's page.
    await expect(dirty.getByRole('button', { name: /Out of order/ })).toHaveCount(0);
    await expect(dirty.getByRole('link', { name: cabin.unit_name })).toHaveCount(0);
    await dirty.getByRole('button', { name: `Mark clean: ${cabin.unit_name}` }).click();
    await expect(toast(phone, `${cabin.unit_name} is clean`)).toBeVisible();
    // The card leaves the Dirty list; under All it shows Clean.
    await expect(card(phone, cabin.unit_name)).toHaveCount(0);
    await phone.getByRole('button', { name: /^All/ }).click();
    await expect(card(phone, cabin.unit_name)).toContainText('Clean');
    const stored = await page.request.get(`/api/units/${cabin.unit_id}`);
    expect(((await stored.json()) as { data: { housekeeping_status: string } }).data).toMatchObject(
      { housekeeping_status: 'Clean' },
    );
    await expectNoHorizontalOverflow(phone);

    // Any other back-office page shows the permission message, and asks the server nothing it
    // would refuse (the fixture fails the test on any 4xx answer or console error).
    await phone.goto('/bookings');
    await expect(phone.getByRole('alert')).toContainText(PERMISSION_MESSAGES.housekeepingOnly);
    await expect(phone.getByRole('heading', { level: 1, name: 'Bookings' })).toHaveCount(0);
    await phone.getByRole('link', { name: 'Housekeeping board' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Housekeeping' })).toBeVisible();
    // Its own account is there: the profile, no resort settings.
    await phone.goto('/settings?tab=general');
    await expect(phone.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(phone.getByRole('tab')).toHaveText(['Profile', 'Security']);
    await phone.context().close();
  });

  test.describe('a manager', () => {
    // The refusal below is meant: out of order over a booking.
    test.use({ allowProblems: allowing(/409 PATCH .*\/housekeeping|status of 409/) });

    test('marks a cabin Inspected, takes it out of order (the tape chart shows it), and is refused over a booking', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInPage(page, 'manager');
      const cabin = await createHouseCabin(page.request);
      const booked = await createHouseCabin(page.request);
      const booking = await bookCabin(page.request, booked.unit_id, 1, 2);
      await atPhoneWidth(page);

      await page.goto('/housekeeping?status=Clean');
      const house = card(page, cabin.unit_name);
      await house.getByRole('button', { name: `Mark inspected: ${cabin.unit_name}` }).click();
      await expect(toast(page, `${cabin.unit_name} is inspected`)).toBeVisible();
      await page.getByRole('button', { name: /^All/ }).click();
      await expect(house).toContainText('Inspected');

      // Out of order needs a reason; then it blocks today to the last day.
      const until = addDays(manilaToday(), 2);
      await house.getByRole('button', { name: `Out of order: ${cabin.unit_name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Take ${cabin.unit_name} out of order` });
      await dialog.getByRole('button', { name: 'Mark Out of Order' }).click();
      await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel('Reason').fill('Broken aircon');
      await dialog.getByLabel('Out of order until').fill(until);
      await dialog.getByRole('button', { name: 'Mark Out of Order' }).click();
      await expect(dialog).toBeHidden();
      await expect(house).toContainText('Out of order');
      await expect(house).toContainText('Broken aircon');
      await expectNoHorizontalOverflow(page);

      // The tape chart draws the block apart from a blackout, with its legend entry.
      await page.goto('/availability');
      const block = page.locator(
        `[data-block-kind="out_of_order"][href="/units/${cabin.unit_id}"]`,
      );
      await expect(block.first()).toHaveAccessibleName(/^Out of order: Broken aircon/);
      await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Out of order');
      await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Maintenance');

      // Back in service: Dirty, to be cleaned, and the nights are free again.
      await page.goto('/housekeeping');
      await house.getByRole('button', { name: `Back in service: ${cabin.unit_name}` }).click();
      await expect(toast(page, `${cabin.unit_name} is back in service`)).toBeVisible();
      await expect(house).toContainText('Dirty');

      // Over a booking it is refused, naming the booking.
      const other = card(page, booked.unit_name);
      await other.getByRole('button', { name: `Out of order: ${booked.unit_name}` }).click();
      const refused = page.getByRole('dialog', { name: `Take ${booked.unit_name} out of order` });
      await refused.getByLabel('Reason').fill('Leaking roof');
      await refused.getByLabel('Out of order until').fill(addDays(manilaToday(), 3));
      await refused.getByRole('button', { name: 'Mark Out of Order' }).click();
      await expect(refused.getByRole('alert')).toContainText(booking.booking_reference);
      await refused.getByRole('button', { name: 'Cancel' }).click();
      // Still in service: its status is what it was.
      await expect(other.locator('[data-housekeeping-status]')).toHaveText('Clean');
    });
  });

  test('the maintenance log: an issue with a photo, moved to done, its cost recorded as an expense', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInPage(page, 'manager');
    const cabin = await createHouseCabin(page.request);
    await atPhoneWidth(page);
    await page.goto(`/units/${cabin.unit_id}`);
    await expect(page.getByRole('heading', { level: 1, name: cabin.unit_name })).toBeVisible();
    // The cabin's housekeeping status is on its page too.
    await expect(page.getByRole('heading', { name: 'Housekeeping' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Mark dirty: ${cabin.unit_name}` }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Maintenance Issue' });
    await dialog.getByRole('button', { name: 'Add Issue' }).click();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    const title = `Fix shower ${cabin.unit_code}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Cost').fill('1500');
    await dialog.getByLabel('Notes').fill('Cold water only.');
    await dialog.getByLabel('Photo').setInputFiles({
      name: 'shower.png',
      mimeType: 'image/png',
      buffer: readFileSync(FIXTURES.png),
    });
    await expect(dialog.getByAltText('Preview of the photo')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Issue' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, `${title} added to ${cabin.unit_name}`)).toBeVisible();

    const issue = page.getByRole('article', { name: title });
    await expect(issue).toContainText('High priority');
    await expect(issue).toContainText('Open');
    await expect(issue).toContainText('₱1,500.00');
    await expect(issue.getByRole('img', { name: /^Photo: / })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // open → in progress → done.
    await issue.getByRole('button', { name: `Start work: ${title}` }).click();
    await expect(issue).toContainText('In progress');
    await issue.getByRole('button', { name: `Mark done: ${title}` }).click();
    await expect(issue).toContainText('Done');

    // The cost becomes an expense in one step, then the issue links to it.
    await issue.getByRole('button', { name: `Record cost as expense: ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Record the cost as an expense?' });
    await confirm.getByRole('button', { name: 'Record Expense' }).click();
    await expect(toast(page, '₱1,500.00 recorded as an expense')).toBeVisible();
    await issue.getByRole('link', { name: 'View the expense' }).click();
    await expect(page).toHaveURL(/\/expenses\/[0-9a-f-]+$/);
    await expect(page.getByText('₱1,500.00').first()).toBeVisible();
    await expect(page.getByText('Maintenance').first()).toBeVisible();

    // The expenses list has it.
    await page.goto(`/expenses?category=Maintenance&search=${encodeURIComponent(cabin.unit_code)}`);
    await expect(page.getByText('₱1,500.00').first()).toBeVisible();
  });
});
