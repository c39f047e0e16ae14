import { describe, expect, it } from 'vitest';
import { normalizePromoCode, PROMO_MESSAGES, promoRefusal, type PromoCode } from './promo-codes';
import { optionalPromoCodeField, promoCodeField } from './schemas/promo-code.schema';

/** Issue 21 point 2: whether a code may be used for a stay, and its messages. */

const code = (overrides: Partial<PromoCode> = {}): PromoCode => ({
  promo_code_id: 'p',
  code: 'RAINY10',
  kind: 'percent',
  value: 10,
  book_from: null,
  book_to: null,
  stay_from: null,
  stay_to: null,
  min_nights: null,
  unit_ids: [],
  max_uses: null,
  max_uses_per_email: null,
  active: true,
  ...overrides,
});

const stay = {
  unit_ids: ['a'],
  check_in: '2027-07-10',
  check_out: '2027-07-12',
  today: '2027-06-01',
  subtotal: 5000,
};

describe('promo codes', () => {
  it('normalises and validates the code as typed', () => {
    expect(normalizePromoCode('  rainy10 ')).toBe('RAINY10');
    expect(promoCodeField.parse(' rainy-10_x ')).toBe('RAINY-10_X');
    expect(promoCodeField.safeParse('RAINY 10').error?.issues[0]?.message).toBe(
      PROMO_MESSAGES.format,
    );
    expect(promoCodeField.safeParse('A'.repeat(100)).error?.issues[0]?.message).toBe(
      PROMO_MESSAGES.tooLong,
    );
    expect(promoCodeField.safeParse('AB').error?.issues[0]?.message).toBe(PROMO_MESSAGES.tooShort);
    expect(optionalPromoCodeField.parse('')).toBeUndefined();
    expect(optionalPromoCodeField.parse(null)).toBeUndefined();
  });

  it('a usable code is not refused', () => {
    expect(promoRefusal(code(), stay, { uses: 0, uses_by_email: 0 })).toBeNull();
  });

  it('refuses paused, out of its booking window, outside its stay dates', () => {
    expect(promoRefusal(code({ active: false }), stay)).toBe(PROMO_MESSAGES.paused);
    expect(promoRefusal(code({ book_to: '2027-05-31' }), stay)).toBe(
      'This promo code expired on May 31, 2027',
    );
    expect(promoRefusal(code({ book_from: '2027-06-02' }), stay)).toBe(
      'This promo code can be used from Jun 2, 2027',
    );
    // The last night (Jul 11) must be within the stay dates; the check-out day need not be.
    expect(promoRefusal(code({ stay_from: '2027-07-01', stay_to: '2027-07-11' }), stay)).toBeNull();
    expect(promoRefusal(code({ stay_from: '2027-07-01', stay_to: '2027-07-10' }), stay)).toBe(
      'This promo code covers stays from Jul 1, 2027 to Jul 10, 2027',
    );
  });

  it('refuses too short a stay, another cabin, an amount worth more than the stay', () => {
    expect(promoRefusal(code({ min_nights: 3 }), stay)).toBe(PROMO_MESSAGES.minNights(3));
    expect(promoRefusal(code({ unit_ids: ['B'] }), stay)).toBe(PROMO_MESSAGES.wrongCabin);
    expect(promoRefusal(code({ unit_ids: ['A'] }), stay)).toBeNull();
    expect(promoRefusal(code({ kind: 'amount', value: 5000.01 }), stay)).toBe(
      'This promo code (₱5,000.01) is worth more than the stay (₱5,000.00)',
    );
    expect(promoRefusal(code({ kind: 'amount', value: 5000 }), stay)).toBeNull();
  });

  it('refuses a code used up, in total or by this e-mail; a quote knows no e-mail yet', () => {
    expect(promoRefusal(code({ max_uses: 10 }), stay, { uses: 10, uses_by_email: null })).toBe(
      PROMO_MESSAGES.usedUp,
    );
    expect(promoRefusal(code({ max_uses: 10 }), stay, { uses: 9, uses_by_email: null })).toBeNull();
    expect(promoRefusal(code({ max_uses_per_email: 1 }), stay, { uses: 3, uses_by_email: 1 })).toBe(
      PROMO_MESSAGES.usedByEmail,
    );
    expect(
      promoRefusal(code({ max_uses_per_email: 1 }), stay, { uses: 3, uses_by_email: null }),
    ).toBeNull();
  });
});
