import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { atPhoneWidth, expect, expectNoHorizontalOverflow, test } from '../fixtures';
import { apiSend, signInContext } from '../support/auth';
import { allowing } from '../support/problems';
import { settledQuoteTotal } from '../support/ui';
import { createUnitByApi, type CreatedUnit } from '../back-office/support';
import {
  addDays,
  fillBookingForm,
  findMail,
  manilaToday,
  newGuest,
  attachProofAndVerify,
  bookingStatusByApi,
  openCheckBooking,
  peso,
  submitAndReadReference,
} from './guest-helpers';
import { FIXTURES } from './proof-files';

/*
 * Issue 21 on the guest's side. Each test makes its own cabin, a stay rule SCOPED TO THAT CABIN
 * (a 3-night minimum for arrivals Dec 20 – Jan 2 and no Sunday arrivals) and its own promo codes,
 * so nothing here touches what parallel tests book. Figures expected are POST /api/quote's.
 */

// A code the server refuses makes the quote answer 400 (the reason at `promo_code`).
test.use({ allowProblems: allowing(/400 POST .*\/api\/quote|status of 400/) });

interface QuoteAnswer {
  total_amount: number;
  discount_amount: number;
  discount: { kind: 'automatic' | 'promo'; code: string | null; name: string } | null;
  promo: { code: string; applied: boolean; saving: number; message: string } | null;
  rate_plan: 'flexible' | 'non_refundable';
}

/** The next Christmas season that starts at least 3 weeks ahead (no last-minute discount). */
function season() {
  const today = manilaToday();
  const thisYear = Number(today.slice(0, 4));
  const year = today.slice(5) < '11-29' ? thisYear : thisYear + 1;
  return { from: `${year}-12-20`, to: `${year + 1}-01-02`, year };
}

const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;

/** The first date from `date` on that is (or is not) a Sunday. */
function nextDay(date: string, sunday: boolean): string {
  let day = date;
  while (isSunday(day) !== sunday) day = addDays(day, 1);
  return day;
}

const uniquePromo = (prefix: string) =>
  `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 20);

async function quoteOf(
  request: APIRequestContext,
  body: {
    unit_id: string;
    check_in: string;
    check_out: string;
    promo_code?: string;
    rate_plan?: 'flexible' | 'non_refundable';
  },
): Promise<QuoteAnswer> {
  const { unit_id, ...rest } = body;
  const response = await request.post('/api/quote', {
    data: { units: [{ unit_id, num_guests: 2 }], ...rest },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as QuoteAnswer;
}

interface Setup {
  owner: BrowserContext;
  unit: CreatedUnit;
  ruleId: string;
}

/**
 * This test's cabin (rates high enough that a 10% code saves more than the early-bird discount's
 * ₱5,000 cap) and its Christmas rule, made by the owner.
 */
async function setUp(browser: Browser): Promise<Setup> {
  const owner = await browser.newContext();
  await signInContext(owner, 'owner');
  const unit = await createUnitByApi(owner.request, {
    base_rate: 20000,
    weekend_rate: 20000,
    max_occupancy: 4,
  });
  const { from, to } = season();
  const rule = await apiSend(owner.request, 'POST', '/api/stay-rules', {
    unit_ids: [unit.unit_id],
    from,
    to,
    min_nights: 3,
    closed_to_arrival: [0],
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const ruleId = ((await rule.json()) as { data: { stay_rule_id: string } }).data.stay_rule_id;
  return { owner, unit, ruleId };
}

async function tearDown({ owner, ruleId }: Setup): Promise<void> {
  const removed = await apiSend(owner.request, 'DELETE', `/api/stay-rules/${ruleId}`);
  expect(removed.status(), await removed.text()).toBeLessThan(300);
  await owner.close();
}

async function createPromo(
  request: APIRequestContext,
  unitId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const code = uniquePromo('XMAS');
  const response = await apiSend(request, 'POST', '/api/promo-codes', {
    code,
    kind: 'percent',
    value: 10,
    book_from: null,
    book_to: null,
    stay_from: null,
    stay_to: null,
    min_nights: null,
    unit_ids: [unitId],
    max_uses: 5,
    max_uses_per_email: null,
    active: true,
    ...overrides,
  });
  expect(response.status(), await response.text()).toBe(201);
  return code;
}

/** Counts this page's POST /api/guest-booking requests. */
function bookingRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/guest-booking') {
      sent.push(request.url());
    }
  });
  return sent;
}

test.describe('stay rules and promo codes on the guest form (issue 21)', () => {
  test('the rules are said at the dates before submitting; a 10% code is applied, booked and mailed', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    await atPhoneWidth(page);
    const setup = await setUp(browser);
    try {
      const { unit, owner } = setup;
      const { year } = season();
      const code = await createPromo(owner.request, unit.unit_id);
      const paused = await createPromo(owner.request, unit.unit_id, { active: false });
      const guest = newGuest('promo');
      const sent = bookingRequests(page);

      // The public calendar marks the closed arrival days of this cabin and says the minimum.
      await page.goto(`/calendar?month=${year}-12`);
      const card = page.getByRole('region', { name: unit.unit_name });
      await expect(card.getByTestId('stay-rule-notes')).toContainText(
        'Stays arriving between Dec 20 and Jan 2 are at least 3 nights.',
      );
      await expect(card.getByTestId('stay-rule-notes')).toContainText(
        'No arrivals on Sundays between Dec 20 and Jan 2.',
      );
      const firstSunday = nextDay(`${year}-12-20`, true);
      await expect(card.locator(`td[data-date="${firstSunday}"]`)).toHaveAttribute(
        'data-arrival',
        'closed',
      );
      await expect(card.locator(`td[data-date="${firstSunday}"]`)).toContainText('no arrivals');
      await expect(card.locator(`td[data-date="${addDays(firstSunday, 1)}"]`)).not.toHaveAttribute(
        'data-arrival',
        'closed',
      );
      await expectNoHorizontalOverflow(page);

      // The form, filled in completely, so only the rules can keep it from sending.
      await page.goto(`/guest-booking?unit_id=${unit.unit_id}`);
      const dec27 = `${year}-12-27`;
      await fillBookingForm(page, {
        ...guest,
        unitId: unit.unit_id,
        checkIn: dec27,
        checkOut: addDays(dec27, 2),
      });
      await attachProofAndVerify(page, FIXTURES.png);

      // 2 nights arriving Dec 27: the minimum is said beside the dates and at check-out.
      const minimum = 'Stays arriving between Dec 20 and Jan 2 are at least 3 nights';
      await expect(page.getByTestId('stay-rule-hint')).toHaveText(`${minimum}.`);
      const checkOut = page.getByLabel('Check-out');
      await expect(checkOut).toHaveAttribute('aria-invalid', 'true');
      await expect(checkOut).toHaveAccessibleDescription(minimum);
      await page.getByRole('button', { name: 'Submit Booking' }).click();
      await expect(page.getByRole('button', { name: 'Submit Booking' })).toBeEnabled();
      // Dec 27 may itself be a Sunday: then check-in says so too and takes the focus first.
      await expect(isSunday(dec27) ? page.getByLabel('Check-in') : checkOut).toBeFocused();

      // A Sunday arrival is refused at check-in at once, even for 3 nights.
      await page.getByLabel('Check-in').fill(firstSunday);
      await checkOut.fill(addDays(firstSunday, 3));
      const checkIn = page.getByLabel('Check-in');
      await expect(checkIn).toHaveAccessibleDescription(
        'No arrivals on Sundays between Dec 20 and Jan 2',
      );
      await expect(checkOut).not.toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('button', { name: 'Submit Booking' }).click();
      await expect(checkIn).toBeFocused();
      expect(sent, 'no booking request while a rule is broken').toEqual([]);

      // 3 nights from a weekday: no rule message, priced.
      const arrival = nextDay(`${year}-12-28`, false);
      const departure = addDays(arrival, 3);
      await checkIn.fill(arrival);
      await checkOut.fill(departure);
      await expect(checkIn).not.toHaveAttribute('aria-invalid', 'true');
      await expect(checkOut).not.toHaveAttribute('aria-invalid', 'true');
      const stay = { unit_id: unit.unit_id, check_in: arrival, check_out: departure };
      const plain = await quoteOf(request, stay);
      expect(await settledQuoteTotal(page, 3)).toBe(peso(plain.total_amount));

      // A paused code: the server's reason at the field, and the price stays as it was.
      const promoInput = page.getByLabel('Promo code (optional)');
      await promoInput.fill(paused.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(promoInput).toHaveAccessibleDescription('This promo code is paused');
      await expect(page.getByTestId('quote-total')).toHaveText(peso(plain.total_amount));

      // The 10% code, typed in lower case and applied with Enter: what it saves, at once.
      const withCode = await quoteOf(request, { ...stay, promo_code: code });
      expect(withCode.discount?.kind).toBe('promo');
      expect(withCode.promo?.applied).toBe(true);
      await promoInput.fill(code.toLowerCase());
      await promoInput.press('Enter');
      await expect(page.getByTestId('promo-status')).toHaveText(
        `${code} applied: you save ${peso(withCode.promo!.saving)}`,
      );
      const breakdown = page.getByTestId('price-breakdown');
      await expect(breakdown).toContainText(
        `Promo code ${code} (10%)−${peso(withCode.discount_amount)}`,
      );
      await expect(page.getByTestId('quote-total')).toHaveText(peso(withCode.total_amount));
      expect(sent).toEqual([]);

      // Removing it re-quotes; applying it again brings the saving back.
      await page.getByRole('button', { name: `Remove promo code ${code}` }).click();
      await expect(page.getByTestId('quote-total')).toHaveText(peso(plain.total_amount));
      await expect(breakdown).not.toContainText('Promo code');
      await promoInput.fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('quote-total')).toHaveText(peso(withCode.total_amount));
      await expectNoHorizontalOverflow(page);

      const reference = await submitAndReadReference(page);
      expect(sent).toHaveLength(1);
      await expect(page.getByTestId('received-details')).toContainText(
        `Total${peso(withCode.total_amount)}`,
      );
      await expect(page.getByTestId('received-promo-code')).toHaveText(code);

      // The booking carries the code; the guest's status page and e-mail name it.
      const lookup = await bookingStatusByApi<{ total_amount: number; promo_code: string | null }>(
        request,
        reference,
        guest.email,
      );
      expect(lookup.total_amount).toBe(withCode.total_amount);
      expect(lookup.promo_code).toBe(code);

      await openCheckBooking(page, reference, guest.email);
      await expect(page.getByTestId('booking-promo-code')).toHaveText(code);
      await expect(page.getByTestId('booking-rate-plan')).toHaveText('Flexible');

      await expect
        .poll(() => findMail(reference).filter((mail) => mail.includes(code)).length, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
    } finally {
      await tearDown(setup);
    }
  });
});

test.describe('the non-refundable rate on the guest form (issue 21)', () => {
  // The non-refundable setting is resort-wide: it is on only within this serial block.
  test.describe.configure({ mode: 'serial' });

  test('the guest chooses the non-refundable rate, priced as the quote, and the booking keeps it', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const setup = await setUp(browser);
    const settings = async () =>
      (
        (await (await setup.owner.request.get('/api/settings')).json()) as {
          pricing: { non_refundable: { enabled: boolean; percent: number } };
        }
      ).pricing.non_refundable;
    const before = await settings();
    try {
      const turnedOn = await apiSend(setup.owner.request, 'PATCH', '/api/settings', {
        pricing: { non_refundable: { enabled: true, percent: 12 } },
      });
      expect(turnedOn.status(), await turnedOn.text()).toBe(200);

      const { unit } = setup;
      const { year } = season();
      const arrival = nextDay(`${year}-12-28`, false);
      const departure = addDays(arrival, 3);
      const stay = { unit_id: unit.unit_id, check_in: arrival, check_out: departure };
      const flexible = await quoteOf(request, stay);
      const nonRefundable = await quoteOf(request, { ...stay, rate_plan: 'non_refundable' });
      expect(nonRefundable.total_amount).toBeLessThan(flexible.total_amount);

      await page.goto(`/guest-booking?unit_id=${unit.unit_id}`);
      const guest = newGuest('rateplan');
      await fillBookingForm(page, {
        ...guest,
        unitId: unit.unit_id,
        checkIn: arrival,
        checkOut: departure,
      });
      const choice = page.getByTestId('rate-plan-choice');
      const flexibleRadio = choice.getByRole('radio', {
        name: /Flexible — free cancellation per our refund policy/,
      });
      const nonRefundableRadio = choice.getByRole('radio', {
        name: /Non-refundable — 12% cheaper, no refund on cancellation/,
      });
      await expect(flexibleRadio).toBeChecked();
      await expect(choice.getByTestId('rate-plan-total-flexible')).toHaveText(
        `Total ${peso(flexible.total_amount)}`,
      );
      await expect(choice.getByTestId('rate-plan-total-non_refundable')).toHaveText(
        `Total ${peso(nonRefundable.total_amount)}`,
      );
      await nonRefundableRadio.check();
      await expect(page.getByTestId('quote-total')).toHaveText(peso(nonRefundable.total_amount));
      await expect(page.getByTestId('price-rate-plan')).toContainText(
        'Non-refundable rate (12% off,',
      );

      await attachProofAndVerify(page, FIXTURES.png);
      const reference = await submitAndReadReference(page);
      await expect(page.getByTestId('received-rate-plan')).toHaveText('Non-refundable');
      const lookup = await bookingStatusByApi<{ total_amount: number; rate_plan: string }>(
        request,
        reference,
        guest.email,
      );
      expect(lookup.rate_plan).toBe('non_refundable');
      expect(lookup.total_amount).toBe(nonRefundable.total_amount);

      await openCheckBooking(page, reference, guest.email);
      await expect(page.getByTestId('booking-rate-plan')).toHaveText('Non-refundable');
    } finally {
      const restored = await apiSend(setup.owner.request, 'PATCH', '/api/settings', {
        pricing: { non_refundable: before },
      });
      expect(restored.status()).toBe(200);
      await tearDown(setup);
    }
  });
});
