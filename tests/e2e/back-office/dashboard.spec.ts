import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addDays, manilaToday } from '../guest/guest-helpers';
import { apiSend, signInContext, signInPage } from '../support/auth';

interface UnitBooking {
  booking_id: string;
  guest_name: string;
  check_in: string;
  check_out: string;
  booking_status: string;
  total_amount: number;
}

const pesos = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

function daysIn(month: string): number {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).getUTCDate();
}

/**
 * The cards' figures worked out here from other endpoints (every cabin's bookings, the
 * notification count), not from /api/dashboard: the dashboard must agree with them.
 */
async function expectedCards(request: APIRequestContext) {
  const today = manilaToday();
  const month = today.slice(0, 7);
  const monthEnd = `${month}-${String(daysIn(month)).padStart(2, '0')}`;
  const units = (await (await request.get('/api/units?page_size=100')).json()) as {
    data: { unit_id: string }[];
  };
  let bookedNights = 0;
  const bookings = new Map<string, UnitBooking>();
  for (const unit of units.data) {
    const detail = (await (await request.get(`/api/units/${unit.unit_id}`)).json()) as {
      data: { bookings: UnitBooking[] };
    };
    for (const booking of detail.data.bookings) {
      if (booking.booking_status === 'Cancelled') continue;
      bookings.set(booking.booking_id, booking);
      for (let night = booking.check_in; night < booking.check_out; night = addDays(night, 1)) {
        if (night >= `${month}-01` && night <= monthEnd) bookedNights += 1;
      }
    }
  }
  const all = [...bookings.values()];
  const revenue = all
    .filter((b) => b.check_in.startsWith(month))
    .reduce((sum, b) => sum + b.total_amount, 0);
  const available = units.data.length * daysIn(month);
  const occupancy = available > 0 ? Math.round((bookedNights / available) * 1000) / 10 : 0;
  const count = (await (await request.get('/api/notifications/count')).json()) as {
    payments_awaiting_verification: number;
  };
  return {
    occupancy: `${occupancy.toLocaleString('en-PH', { maximumFractionDigits: 1 })}%`,
    revenue: pesos.format(revenue),
    arrivals: String(all.filter((b) => b.check_in === today).length),
    departures: String(all.filter((b) => b.check_out === today).length),
    payments: String(count.payments_awaiting_verification),
    arrivingGuests: all
      .filter((b) => b.check_in === today)
      .map((b) => b.guest_name)
      .sort(),
  };
}

async function shownCards(page: Page) {
  const value = (title: RegExp | string) =>
    page
      .getByRole('region', { name: 'Figures' })
      .locator('> div')
      .filter({ has: page.getByRole('heading', { name: title }) })
      .getByTestId('stat-value')
      .innerText();
  return {
    occupancy: await value(/^Occupancy/),
    revenue: await value(/^Revenue/),
    arrivals: await value('Arrivals today'),
    departures: await value('Departures today'),
    payments: await value('Payments awaiting verification'),
    arrivingGuests: (
      await page.getByRole('list', { name: 'Arriving today' }).getByRole('link').allInnerTexts()
    ).sort(),
  };
}

test.describe('dashboard', () => {
  test('the cards match the data, with trends, today’s lists and the month’s calendar', async ({
    page,
  }) => {
    await signInPage(page, 'staff');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Figures' })).toBeVisible();

    // Other tests may add bookings meanwhile: compare until both sides were read from one state.
    await expect
      .poll(
        async () => {
          const [shown, expected] = [await shownCards(page), await expectedCards(page.request)];
          return JSON.stringify(shown) === JSON.stringify(expected)
            ? 'match'
            : JSON.stringify({ shown, expected });
        },
        { timeout: 30_000, intervals: [500, 1000, 2000] },
      )
      .toBe('match');

    // Trends: an arrow and a percent (or why there is none) against the period before.
    const figures = page.getByRole('region', { name: 'Figures' });
    await expect(figures.locator('[data-trend], p:has-text("Nothing to compare")')).toHaveCount(4);

    // Today's lists link to the bookings; the month's calendar is the tape chart.
    const month = manilaToday().slice(0, 7);
    await expect(page.getByRole('region', { name: /^Availability, / })).toBeVisible();
    await expect(page.getByRole('row', { name: /Cove Family Villa/ })).toBeVisible();
    const arriving = page.getByRole('list', { name: 'Arriving today' }).getByRole('link').first();
    if (await arriving.count()) {
      await expect(arriving).toHaveAttribute('href', /^\/bookings\//);
    }
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
    await expect(page.getByRole('button', { name: 'This month' })).toBeVisible();
    await page.getByRole('button', { name: 'This month' }).click();
    await expect(page).not.toHaveURL(new RegExp(`month=${month}`));
  });

  test('a refused audit trail visit still shows the message', async ({ page }) => {
    await signInPage(page, 'staff');
    await page.goto('/audit-logs');
    await expect(page).toHaveURL(/\/dashboard\?error=unauthorized/);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'You do not have permission to access audit logs' }),
    ).toBeVisible();
  });
});

/*
 * Issue 15, point 23. In this file (not a new one) on purpose: the setting is resort-wide, and the
 * tests above read the staff dashboard's revenue card. Tests of one file never run at once.
 */
test.describe('revenue hidden from staff', () => {
  test('an owner hides revenue from staff: their dashboard has no revenue card', async ({
    page,
    browser,
  }) => {
    await signInPage(page, 'owner');
    await page.goto('/settings?tab=general');
    const access = page.getByRole('form', { name: 'Access' });
    const box = access.getByRole('checkbox', { name: 'Hide revenue from staff' });
    await expect(box).not.toBeChecked();
    const staff = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      await box.check();
      await access.getByRole('button', { name: 'Save Access' }).click();
      await expect(
        page.getByRole('region', { name: 'Notifications' }).getByText('Revenue is now hidden'),
      ).toBeVisible();

      await signInContext(staff, 'staff');
      const staffPage = await staff.newPage();
      await staffPage.goto('/dashboard');
      const figures = staffPage.getByRole('region', { name: 'Figures' });
      await expect(figures.getByRole('heading', { name: /^Occupancy/ })).toBeVisible();
      await expect(figures.getByRole('heading', { name: /^Revenue/ })).toHaveCount(0);
      await expect(figures).not.toContainText('Revenue');

      // A manager still sees it.
      await signInPage(page, 'manager');
      await page.goto('/dashboard');
      await expect(
        page.getByRole('region', { name: 'Figures' }).getByRole('heading', { name: /^Revenue/ }),
      ).toBeVisible();
    } finally {
      await signInPage(page, 'owner');
      const off = await apiSend(page.request, 'PATCH', '/api/settings', {
        access: { hide_revenue_from_staff: false },
      });
      expect(off.status()).toBe(200);
      await staff.close();
    }
  });
});
