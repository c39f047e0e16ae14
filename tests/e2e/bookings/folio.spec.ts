import type { APIRequestContext, Page } from '@playwright/test';
import { priceExtra } from '../../../src/domain/extras-pricing';
import { formatCurrency } from '../../../src/domain/format';
import { DEFAULT_PRICING_SETTINGS } from '../../../src/domain/pricing';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { createUnitByApi } from '../back-office/support';
import { apiSend, signInContext, signInPage } from '../support/auth';
import { createStaffBooking, stayAt, toast, uniqueLetters } from './support';

/*
 * Issue 17: the folio on the booking page. Staff add breakfast × 2 and the balance rises by
 * exactly what extras-pricing.ts charges for it; a manager reverses it with a reason and the
 * balance comes back; staff are never offered Reverse. The booking is made on a cabin of the
 * test's own, 930 days ahead, so no other spec's booking moves under it.
 */

interface ExtraDto {
  extra_id: string;
  name: string;
  price: number;
  charge_per: 'stay' | 'night' | 'person' | 'person_night';
  tax_treatment: 'vatable' | 'exempt' | 'zero_rated';
  guest_bookable: boolean;
  active: boolean;
}

const TAX_LABELS = { vatable: 'VATable', exempt: 'VAT-exempt', zero_rated: 'Zero-rated' } as const;

interface FolioDto {
  balance: number;
  charges_total: number;
}

/** The catalogue's active Breakfast (the demo's), made by the manager when the catalogue has none. */
async function breakfastExtra(request: APIRequestContext): Promise<ExtraDto> {
  const list = await request.get('/api/extras');
  expect(list.status(), await list.text()).toBe(200);
  const { data } = (await list.json()) as { data: ExtraDto[] };
  const found = data.find((extra) => extra.active && extra.name === 'Breakfast');
  if (found) return found;
  const created = await apiSend(request, 'POST', '/api/extras', {
    name: 'Breakfast',
    price: 350,
    charge_per: 'person_night',
    tax_treatment: 'vatable',
    guest_bookable: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: ExtraDto }).data;
}

async function folioOf(request: APIRequestContext, bookingId: string): Promise<FolioDto> {
  const response = await request.get(`/api/bookings/${bookingId}/folio`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: FolioDto }).data;
}

/** The resort's tax settings, as the Add extra dialog's preview reads them. */
async function taxSettings(request: APIRequestContext) {
  const response = await request.get('/api/public/settings');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Record<string, unknown> & { data?: unknown };
  const source = (body.data ?? body) as Partial<typeof DEFAULT_PRICING_SETTINGS>;
  return {
    ...DEFAULT_PRICING_SETTINGS,
    tax_mode: source.tax_mode ?? DEFAULT_PRICING_SETTINGS.tax_mode,
    vat_rate: source.vat_rate ?? DEFAULT_PRICING_SETTINGS.vat_rate,
    local_tax_rate: source.local_tax_rate ?? DEFAULT_PRICING_SETTINGS.local_tax_rate,
  };
}

function folioCard(page: Page) {
  return page.getByRole('region', { name: 'Folio', exact: true });
}

test('staff add breakfast × 2 and the balance rises by its price; a manager reverses it with a reason', async ({
  page,
  browser,
}) => {
  const manager = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signInContext(manager, 'manager');
  const cabin = await createUnitByApi(manager.request, { max_occupancy: 3 });
  const nights = 3;
  const guests = 2;
  const booking = await createStaffBooking(manager.request, {
    unitId: cabin.unit_id,
    guestName: `Folio ${uniqueLetters()}`,
    email: `folio.${uniqueLetters()}@example.ph`,
    stay: stayAt(930, nights),
    guests,
  });
  const breakfast = await breakfastExtra(manager.request);
  const before = await folioOf(manager.request, booking.booking_id);
  const priced = priceExtra(
    breakfast,
    2,
    { nights, persons: guests },
    await taxSettings(manager.request),
  );
  const after = (Math.round(before.balance * 100) + Math.round(priced.amount * 100)) / 100;
  await manager.close();

  // Staff: the folio shows the stay's balance, offers Add extra, and neither Reverse nor Senior/PWD.
  await signInPage(page, 'staff');
  await page.goto(`/bookings/${booking.booking_id}`);
  const folio = folioCard(page);
  await expect(folio.getByTestId('folio-balance')).toHaveText(formatCurrency(before.balance));
  await expect(folio.getByRole('button', { name: /^Reverse/ })).toHaveCount(0);
  await expect(folio.getByRole('button', { name: 'Senior/PWD' })).toHaveCount(0);

  await folio.getByRole('button', { name: 'Add extra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add extra' });
  await dialog.getByRole('combobox', { name: 'Extra' }).selectOption(breakfast.extra_id);
  // A quantity out of range answers the field's message before anything is sent.
  const quantity = dialog.getByLabel('Quantity');
  await quantity.fill('60');
  await expect(quantity).toHaveAccessibleDescription(/Quantity cannot exceed 50/);
  await quantity.fill('2');
  await expect(dialog.getByTestId('charge-preview-amount')).toHaveText(
    formatCurrency(priced.amount),
  );
  await dialog.getByRole('button', { name: 'Add to folio' }).click();
  await expect(toast(page, `${breakfast.name} added to the folio.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(folio.getByTestId('folio-balance')).toHaveText(formatCurrency(after));
  const row = folio.getByRole('row', { name: /Breakfast × 2/ });
  await expect(row).toContainText(formatCurrency(priced.amount));
  await expect(row).toContainText(TAX_LABELS[breakfast.tax_treatment]);
  // The booking's own figures are the folio's too.
  await expect(page.getByTestId('booking-price')).toContainText(formatCurrency(after));
  await expect(folio.getByRole('button', { name: /^Reverse/ })).toHaveCount(0);

  // A manager reverses the charge: a reason is asked first, then the balance is back.
  await signInPage(page, 'manager');
  await page.reload();
  await expect(folio.getByTestId('folio-balance')).toHaveText(formatCurrency(after));
  await folio
    .getByRole('row', { name: /Breakfast × 2/ })
    .getByRole('button', { name: /^Reverse/ })
    .click();
  const reverse = page.getByRole('dialog', { name: 'Reverse this entry?' });
  await expect(reverse.getByTestId('reverse-entry')).toContainText(formatCurrency(priced.amount));
  await reverse.getByRole('button', { name: 'Reverse Entry' }).click();
  await expect(reverse.getByLabel('Reason for reversing')).toHaveAccessibleDescription(
    /This field is required/,
  );
  // The open dialog hides the page from assistive technology: the folio is read from the API.
  expect((await folioOf(page.request, booking.booking_id)).balance).toBe(after);
  await reverse.getByLabel('Reason for reversing').fill('Guest skipped breakfast');
  await reverse.getByRole('button', { name: 'Reverse Entry' }).click();
  await expect(toast(page, 'Entry reversed.')).toBeVisible();
  await expect(reverse).toBeHidden();

  await expect(folio.getByTestId('folio-balance')).toHaveText(formatCurrency(before.balance));
  const reversed = folio.getByRole('row', { name: /Breakfast × 2.*\(reversed\)/ });
  await expect(reversed).toContainText('Reversed: Guest skipped breakfast');
  await expect(reversed.getByRole('button', { name: /^Reverse/ })).toHaveCount(0);
  await expect(folio.getByRole('row', { name: /Reversal: Breakfast × 2/ })).toContainText(
    'Guest skipped breakfast',
  );

  // On a phone the entries are cards, and nothing pans sideways.
  await atPhoneWidth(page);
  await expect(folio.getByRole('list', { name: 'Folio entries' })).toBeVisible();
  await expect(folio.getByTestId('folio-balance')).toHaveText(formatCurrency(before.balance));
  await expectNoHorizontalOverflow(page);
});
