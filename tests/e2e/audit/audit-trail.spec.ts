import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { apiSend, signInPage } from '../support/auth';
import { demoAccount } from '../support/accounts';
import {
  addDays,
  createStaffBooking,
  manilaToday,
  stayAt,
  toast,
  uniqueLetters,
  unitByCode,
} from '../bookings/support';

/*
 * Issue 8: the Audit Trail as an owner sees it. Stays use offsets 900 days ahead and more, which
 * no other spec books.
 */

type AuditEntry = { audit_id: string; changed_fields: string[] | null };

async function latestEntry(
  request: APIRequestContext,
  query: Record<string, string>,
): Promise<AuditEntry> {
  const response = await request.get('/api/audit-logs', { params: { ...query, limit: 1 } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: AuditEntry[] };
  expect(body.data).toHaveLength(1);
  return body.data[0]!;
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

/** The fields the open detail dialog highlights as changed. */
async function highlightedFields(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Audit Log Details' });
  await expect(dialog.getByRole('table', { name: 'Before and after' })).toBeVisible();
  const fields = await dialog
    .locator('tr[data-changed="true"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field') ?? ''));
  return fields.sort();
}

test.describe('Audit Trail (owner)', () => {
  test.use({ allowProblems: [/net::ERR_ABORTED/] });

  test('a booking edit shows in the trail with exactly its changed fields before and after', async ({
    page,
  }) => {
    await signInPage(page, 'owner');
    const unit = await unitByCode(page.request, 'GC1');
    const oldName = `Audit ${uniqueLetters()}`;
    const newName = `Edited ${uniqueLetters()}`;
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: oldName,
      email: `audit.${uniqueLetters()}@example.ph`,
      stay: stayAt(900, 1),
    });

    await page.goto(`/bookings/${booking.booking_id}/edit`);
    await page.getByLabel('Guest name').fill(newName);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Booking updated')).toBeVisible();

    await page.goto('/audit-logs');
    await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
    for (const title of [
      'Total Logs',
      'Most Active Table',
      'Most Common Action',
      'Most Active User',
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await page.getByLabel('Table').selectOption('bookings');
    await page.getByLabel('Action', { exact: true }).selectOption('UPDATE');
    await expect(page).toHaveURL(/table_name=bookings/);
    await expect(page).toHaveURL(/action=UPDATE/);

    const row = page.getByRole('row').filter({ hasText: booking.booking_id });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^View/ }).click();

    const expected = await latestEntry(page.request, {
      table_name: 'bookings',
      record_id: booking.booking_id,
      action: 'UPDATE',
    });
    expect(expected.changed_fields).toContain('guest_name');
    expect(await highlightedFields(page)).toEqual([...expected.changed_fields!].sort());
    const dialog = page.getByRole('dialog', { name: 'Audit Log Details' });
    const nameRow = dialog.locator('tr[data-field="guest_name"]');
    await expect(nameRow.getByRole('cell').nth(0)).toHaveText(oldName);
    await expect(nameRow.getByRole('cell').nth(1)).toHaveText(newName);
    await expect(dialog).toContainText(demoAccount('owner').email);

    // The view is in the URL: a reload keeps it.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByLabel('Table')).toHaveValue('bookings');
    await expect(page.getByRole('row').filter({ hasText: booking.booking_id })).toHaveCount(1);
  });

  test("a guest's phone change shows as a redacted sensitive field", async ({ page }) => {
    await signInPage(page, 'owner');
    const unit = await unitByCode(page.request, 'GC1');
    const booking = await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Phone ${uniqueLetters()}`,
      email: `phone.${uniqueLetters()}@example.ph`,
      stay: stayAt(905, 1),
    });
    const detail = await page.request.get(`/api/bookings/${booking.booking_id}`);
    const guestId = ((await detail.json()) as { data: { guest: { guest_id: string } } }).data.guest
      .guest_id;
    const patched = await apiSend(page.request, 'PATCH', `/api/guests/${guestId}`, {
      phone_number: '0918 765 4321',
    });
    expect(patched.status(), await patched.text()).toBe(200);

    await page.goto('/audit-logs?table_name=guests&action=UPDATE');
    // The guest's own totals change with a booking too: the phone change is the row naming it.
    const row = page
      .getByRole('row')
      .filter({ hasText: guestId })
      .filter({ hasText: 'phone_number' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^View/ }).click();
    expect(await highlightedFields(page)).toEqual(['phone_number']);
    const dialog = page.getByRole('dialog', { name: 'Audit Log Details' });
    await expect(dialog.locator('tr[data-field="phone_number"]')).toHaveText(
      /Sensitive field changed \(value redacted\)/,
    );
    await expect(dialog).not.toContainText('0918');
  });

  test('Export CSV downloads the filtered view, row for row as on the screen', async ({ page }) => {
    // The administrator: no other test writes bookings as them, so the view holds still.
    await signInPage(page, 'admin');
    const admin = demoAccount('admin');
    const unit = await unitByCode(page.request, 'GC1');
    await createStaffBooking(page.request, {
      unitId: unit.unit_id,
      guestName: `Export ${uniqueLetters()}`,
      email: `export.${uniqueLetters()}@example.ph`,
      stay: stayAt(910, 1),
    });
    const today = manilaToday();
    await page.goto(
      `/audit-logs?table_name=bookings&from=${today}&to=${today}&user_email=${encodeURIComponent(admin.email)}`,
    );
    const rows = page.locator('tr[data-audit-id]');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    const screenIds = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.getAttribute('data-audit-id') ?? ''),
    );
    const screenRecords = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.querySelectorAll('td')[6]?.textContent ?? ''),
    );
    await expect(page.getByText(`of ${screenIds.length} entries`)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`audit-logs-${today}.csv`);
    await expect(toast(page, `Exported ${screenIds.length} entries`)).toBeVisible();
    const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
    const [header, ...lines] = csv;
    expect(header!.slice(0, 7)).toEqual([
      'Timestamp',
      'User',
      'Table',
      'Action',
      'Source',
      'Record ID',
      'Changed Fields',
    ]);
    const column = (name: string) => header!.indexOf(name);
    expect(lines.map((line) => line[column('Audit ID')])).toEqual(screenIds);
    expect(lines.map((line) => line[column('Record ID')])).toEqual(screenRecords);
    expect(new Set(lines.map((line) => line[column('Table')]))).toEqual(new Set(['bookings']));
    expect(new Set(lines.map((line) => line[column('User')]))).toEqual(new Set([admin.email]));
  });

  test('a failed sign-in is listed as a WARNING with the address it came from', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const stranger = await playwright.request.newContext({ baseURL });
    const email = `nobody.${uniqueLetters()}@example.test`;
    const failed = await stranger.post('/api/auth/sign-in', {
      data: { email, password: 'not-the-password-1' },
    });
    expect(failed.status()).toBe(401);
    await stranger.dispose();

    await signInPage(page, 'owner');
    await page.goto('/audit-logs');
    await page.getByRole('button', { name: 'Failed Sign-ins' }).click();
    await expect(page).toHaveURL(/action=login_failed/);
    // Other tests sign in wrongly at the same time, so find this attempt's own entry by its id.
    const found = await page.request.get('/api/audit-logs', {
      params: { action: 'login_failed', search: email },
    });
    expect(found.status()).toBe(200);
    const entries = ((await found.json()) as { data: { audit_id: string }[] }).data;
    expect(entries).toHaveLength(1);
    const auditId = entries[0]!.audit_id;
    const row = page.locator(`tr[data-audit-id="${auditId}"]`);
    await row.getByRole('button', { name: /^Expand/ }).click();
    const details = page.locator(`tr[id="audit-details-${auditId}"]`);
    await expect(details).toContainText(`Failed sign-in for ${email}`);
    await expect(details).toContainText('WARNING');
    await expect(details).toContainText('127.0.0.1');
    await expect(details).toContainText('AUTHENTICATION');
  });

  test('archiving asks for a day at least 30 days back and is itself recorded', async ({
    page,
  }) => {
    await signInPage(page, 'owner');
    await page.goto('/audit-logs');
    await page.getByRole('button', { name: 'Archive Old Entries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Old Entries' });
    const cutoff = dialog.getByLabel('Remove entries written before');
    await cutoff.fill(addDays(manilaToday(), -5));
    await expect(
      dialog.getByText(`Please choose ${addDays(manilaToday(), -30)} or earlier.`),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Archive', exact: true })).toBeDisabled();

    // Every entry of this fresh server is newer than that: nothing goes, and that is recorded.
    await cutoff.fill(addDays(manilaToday(), -30));
    await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(toast(page, 'Archived 0 audit entries')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Other tests write entries meanwhile, so look for the archive's own entry, not the top row.
    const archived = page.locator('tr[data-audit-id]').filter({ hasText: 'Audit Archived' });
    await expect(archived).toHaveCount(1);
    await expect(archived).toContainText('system');
  });

  test("a cabin's page shows its history; long values collapse behind Show more", async ({
    page,
  }) => {
    await signInPage(page, 'owner');
    const amenities = [
      'Air conditioning',
      'Hot shower',
      'Mini fridge',
      'Veranda',
      'Hammock',
      'Beach towels',
      'Snorkel set',
      'Wi-Fi',
    ];
    const unit = await createUnitByApi(page.request, { amenities });
    const patched = await apiSend(page.request, 'PATCH', `/api/units/${unit.unit_id}`, {
      base_rate: 1900,
    });
    expect(patched.status(), await patched.text()).toBe(200);

    await page.goto(`/units/${unit.unit_id}`);
    const history = page.getByRole('list', { name: 'History of this cabin' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText('changed base_rate');
    await history
      .getByRole('listitem')
      .last()
      .getByRole('button', { name: /^Details/ })
      .click();

    // The amenities list is over 100 characters as text: it collapses.
    const dialog = page.getByRole('dialog', { name: 'Audit Log Details' });
    await expect(dialog.getByRole('heading', { name: 'New Record' })).toBeVisible();
    await expect(dialog.getByText('Air conditioning')).toBeVisible();
    await expect(dialog.getByText('Snorkel set')).toHaveCount(0);
    const length = JSON.stringify(amenities, null, 2).length;
    await dialog.getByRole('button', { name: `Show more (${length} characters)` }).click();
    await expect(dialog.getByText('Snorkel set')).toBeVisible();
    await dialog.getByRole('button', { name: 'Show less' }).click();
    await expect(dialog.getByText('Snorkel set')).toHaveCount(0);
  });

  test('fits a phone: the table scrolls inside its own region', async ({ page }) => {
    await atPhoneWidth(page);
    await signInPage(page, 'owner');
    await page.goto('/audit-logs');
    // The first page of 50 rows can take a while to draw on a loaded machine.
    await expect(page.locator('tr[data-audit-id]').first()).toBeVisible({ timeout: 30_000 });
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Hide Filters' }).click();
    await expect(page.getByLabel('Table')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expect(page.getByLabel('Table')).toBeVisible();
  });
});
