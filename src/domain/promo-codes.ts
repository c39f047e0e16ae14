import { addDays, diffDays } from './dates';
import type { IsoDate } from './dates';
import { formatCurrency } from './format';
import { ruleDate } from './stay-rules';

/**
 * Issue 21 point 2, DESIGN §8: promo codes. Pure: whether a code may be used for a stay (its
 * dates, nights, cabins, status and uses), and its messages. The server counts a use inside the
 * booking's transaction (the code's row locked, so a limit of 10 makes exactly 10 bookings); a
 * cancelled booking gives its use back.
 */

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Letters, digits, hyphens and underscores; no spaces. Compared case-insensitively. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PROMO_CODE_MIN = 3;
export const PROMO_CODE_MAX = 30;

/** The one spelling codes are stored and compared in. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface PromoCode {
  promo_code_id: string;
  /** Stored upper-case (normalizePromoCode). */
  code: string;
  kind: PromoKind;
  /** percent: percentage points (10 = 10%); amount: pesos off the stay. */
  value: number;
  /** The days a booking may be MADE with it (inclusive; null: open-ended). */
  book_from: IsoDate | null;
  book_to: IsoDate | null;
  /** The nights it covers: every night of the stay within [stay_from, stay_to]. */
  stay_from: IsoDate | null;
  stay_to: IsoDate | null;
  min_nights: number | null;
  /** Empty: every cabin; else every cabin of the stay must be listed. */
  unit_ids: readonly string[];
  /** null: no limit. */
  max_uses: number | null;
  max_uses_per_email: number | null;
  active: boolean;
}

export interface PromoStay {
  unit_ids: readonly string[];
  check_in: IsoDate;
  check_out: IsoDate;
  /** The resort's today (the booking day). */
  today: IsoDate;
  /** The stay's subtotal before discounts (pesos): an amount worth more is refused. */
  subtotal: number;
}

export interface PromoUses {
  /** Uses counted so far (bookings not cancelled). */
  uses: number;
  /** Of those, the uses with this guest's e-mail; null when no e-mail is known yet (a quote). */
  uses_by_email: number | null;
}

export const PROMO_MESSAGES = {
  required: 'Enter a promo code',
  tooShort: `A promo code is at least ${PROMO_CODE_MIN} characters`,
  tooLong: `A promo code is at most ${PROMO_CODE_MAX} characters`,
  format: 'A promo code has only letters, digits, hyphens or underscores, and no spaces',
  notFound: 'This promo code does not exist',
  paused: 'This promo code is paused',
  notYet: (from: IsoDate) => `This promo code can be used from ${ruleDate(from, true)}`,
  expired: (to: IsoDate) => `This promo code expired on ${ruleDate(to, true)}`,
  stayOutside: (code: PromoCode) =>
    code.stay_from && code.stay_to
      ? `This promo code covers stays from ${ruleDate(code.stay_from, true)} to ${ruleDate(code.stay_to, true)}`
      : code.stay_from
        ? `This promo code covers stays from ${ruleDate(code.stay_from, true)}`
        : `This promo code covers stays until ${ruleDate(code.stay_to ?? '', true)}`,
  minNights: (n: number) => `This promo code needs a stay of at least ${n} nights`,
  wrongCabin: 'This promo code does not cover the chosen cabin',
  usedUp: 'This promo code has been fully used',
  usedByEmail: 'This promo code has already been used with this e-mail address',
  worthMore: (value: number, subtotal: number) =>
    `This promo code (${formatCurrency(value)}) is worth more than the stay (${formatCurrency(subtotal)})`,
  notOffered: 'Promo codes cannot be used with this booking',
} as const;

/** Why `code` may not be used for `stay`, or null when it may. Checks in the order a guest reads. */
export function promoRefusal(code: PromoCode, stay: PromoStay, uses?: PromoUses): string | null {
  if (!code.active) return PROMO_MESSAGES.paused;
  if (code.book_from && stay.today < code.book_from) return PROMO_MESSAGES.notYet(code.book_from);
  if (code.book_to && stay.today > code.book_to) return PROMO_MESSAGES.expired(code.book_to);
  const lastNight = addDays(stay.check_out, -1);
  if (
    (code.stay_from && stay.check_in < code.stay_from) ||
    (code.stay_to && lastNight > code.stay_to)
  ) {
    return PROMO_MESSAGES.stayOutside(code);
  }
  const nights = diffDays(stay.check_out, stay.check_in);
  if (code.min_nights !== null && nights < code.min_nights) {
    return PROMO_MESSAGES.minNights(code.min_nights);
  }
  if (code.unit_ids.length > 0) {
    const allowed = new Set(code.unit_ids.map((id) => id.toLowerCase()));
    if (!stay.unit_ids.every((id) => allowed.has(id.toLowerCase()))) {
      return PROMO_MESSAGES.wrongCabin;
    }
  }
  if (code.kind === 'amount' && code.value > stay.subtotal) {
    return PROMO_MESSAGES.worthMore(code.value, stay.subtotal);
  }
  if (uses) {
    if (code.max_uses !== null && uses.uses >= code.max_uses) return PROMO_MESSAGES.usedUp;
    if (
      code.max_uses_per_email !== null &&
      uses.uses_by_email !== null &&
      uses.uses_by_email >= code.max_uses_per_email
    ) {
      return PROMO_MESSAGES.usedByEmail;
    }
  }
  return null;
}
