import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { findUnit, stay } from './guest-helpers';

interface JsonLd {
  '@type': string;
  name: string;
  telephone: string;
  address: { streetAddress: string };
  priceRange: string;
  containsPlace: { name: string }[];
  makesOffer: { price: number; priceCurrency: string }[];
}

test.describe('public calendar', () => {
  test('shows every cabin’s month, the view-only note, and the resort as structured data', async ({
    page,
  }) => {
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await atPhoneWidth(page);
    await page.goto('/calendar');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Availability Calendar' }),
    ).toBeVisible();
    await expect(page.getByText('View-Only: Contact us to book available dates.')).toBeVisible();
    await expect(page).toHaveTitle(/Availability Calendar/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Availability of the beachfront cabins/,
    );
    for (const name of [
      'Sunset Beachfront Cabin',
      'Bahay Kubo Garden Cabin',
      'Cove Family Villa',
    ]) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Booked');
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await expect(page.locator('td[data-state]').filter({ hasText: 'today' }).first()).toBeVisible();

    const script = page.locator('script[type="application/ld+json"]');
    await expect(script).toHaveCount(1);
    const data = JSON.parse((await script.textContent()) ?? '{}') as JsonLd;
    expect(data['@type']).toBe('Resort');
    expect(data.name).toBe('Playa Serena Beach Resort');
    expect(data.telephone).toBeTruthy();
    expect(data.address.streetAddress).toContain('El Nido');
    expect(data.priceRange).toMatch(/₱/);
    // The 3 demo cabins; other specs may add cabins to the same server while this one runs.
    expect(data.containsPlace.length).toBeGreaterThanOrEqual(3);
    expect(data.makesOffer).toHaveLength(data.containsPlace.length);
    expect(data.containsPlace.map((place) => place.name)).toEqual(
      expect.arrayContaining([
        'Sunset Beachfront Cabin',
        'Bahay Kubo Garden Cabin',
        'Cove Family Villa',
      ]),
    );
    expect(data.makesOffer.every((offer) => offer.priceCurrency === 'PHP')).toBe(true);
    // No guest data: nothing that looks like a guest's e-mail or a booking reference.
    expect(JSON.stringify(data)).not.toMatch(/BK-\d{4}|@example/);
    expect(await page.getByRole('main').innerText()).not.toMatch(/BK-\d{4}/);

    await expectNoHorizontalOverflow(page);
    expect(cspViolations).toEqual([]);
  });

  test('a blackout shows as closed nights, marked by more than colour', async ({
    page,
    request,
  }) => {
    const villa = await findUnit(request, 'VL1');
    // The demo data closes the villa 30 to 32 days ahead.
    const { checkIn: closed } = stay(30, 1);
    await page.goto(`/calendar?month=${closed.slice(0, 7)}`);
    const cell = page
      .getByRole('region', { name: villa.unit_name })
      .locator(`td[data-date="${closed}"]`);
    await expect(cell).toHaveAttribute('data-state', 'blocked');
    await expect(cell).toContainText('closed');
    await expect(cell.locator('svg')).toHaveCount(1);
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page).toHaveURL(/month=/);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(cell).toHaveAttribute('data-state', 'blocked');
  });
});
