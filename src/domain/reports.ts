import { toPesos } from './centavos';
import { addDays, diffDays, type IsoDate } from './dates';
import { floorDiv, roundHalfUp } from './exact-decimal';

/**
 * Issue 23: the owner's reports, by the hotel industry's definitions, computed exactly.
 *
 * - A room night is one cabin for one night; a stay occupies [check_in, check_out) (DESIGN §3) and
 *   each booking line counts its own nights (a split stay counts each cabin's part). A range
 *   [from, to) counts only the nights inside it.
 * - Available = cabins × nights of the range − nights a cabin is out of order (blackouts of kind
 *   out_of_order or maintenance: a cabin under repair is out of order too). Plain blackouts (the
 *   owner closing a cabin to sales) stay available: the resort chose not to sell them.
 * - Sold = nights of the lines of bookings that are not cancelled.
 * - Room revenue = the folio's lodging charges less discounts (promo, automatic, senior/PWD), net
 *   of VAT and local tax, reversals counted with the entry they reverse, of bookings that are not
 *   cancelled. Payments and refunds move money, they are not sales. A booking's room revenue is
 *   shared over its lines by their priced subtotals (by nights when none has one), then each
 *   line's share spread evenly over its nights, to the centavo, the remainder on the last night:
 *   a range takes exactly its nights' share. Extras and fees are spread the same way.
 * - Occupancy = sold ÷ available; ADR = room revenue ÷ sold; RevPAR = room revenue ÷ available.
 */

export interface ReportUnit {
  unit_id: string;
  unit_name: string;
}

export interface ReportBlock {
  unit_id: string;
  /** Inclusive, like every blackout (DESIGN §3). */
  start_date: IsoDate;
  end_date: IsoDate;
}

export interface ReportLine {
  unit_id: string;
  check_in: IsoDate;
  check_out: IsoDate;
  /** The line's priced amount before tax, centavos. */
  subtotal: bigint;
}

export interface ReportBooking {
  booking_id: string;
  source: string;
  /** Net of VAT and local tax, discounts included, centavos. */
  room_net: bigint;
  extras_net: bigint;
  fees_net: bigint;
  lines: readonly ReportLine[];
}

export interface RangeInput {
  from: IsoDate;
  /** Exclusive. */
  to: IsoDate;
  units: readonly ReportUnit[];
  blocks: readonly ReportBlock[];
}

export interface ReportInput extends RangeInput {
  /** Bookings that are not cancelled with a night in the range (all their lines). */
  bookings: readonly ReportBooking[];
}

/** Exact tallies of one slice (a month, a cabin, a source, the whole range). */
export interface Tally {
  available: number;
  sold: number;
  room: bigint;
  extras: bigint;
  fees: bigint;
  bookings: number;
}

export interface ReportFigures {
  room_nights_available: number;
  room_nights_sold: number;
  /** A fraction 0–1. */
  occupancy: number;
  adr: number;
  revpar: number;
  room_revenue: number;
  extras_revenue: number;
  fees_revenue: number;
  total_revenue: number;
}

export interface ReportTallies {
  total: Tally;
  by_month: Map<string, Tally>;
  by_unit: Map<string, Tally>;
  by_source: Map<string, Tally>;
}

const emptyTally = (): Tally => ({
  available: 0,
  sold: 0,
  room: 0n,
  extras: 0n,
  fees: 0n,
  bookings: 0,
});

/** 'YYYY-MM' of a date. */
export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

/** The months a range [from, to) touches, in order. */
export function monthsOf(from: IsoDate, to: IsoDate): string[] {
  const months: string[] = [];
  let day = `${monthOf(from)}-01`;
  while (day < to) {
    months.push(monthOf(day));
    const [year, month] = day.split('-').map(Number) as [number, number];
    day = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  }
  return months;
}

/** The same calendar date `years` years on (29 February becomes 28 February in a common year). */
export function shiftYears(date: IsoDate, years: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  const safeDay = month === 2 && day === 29 && !leap ? 28 : day;
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(safeDay).padStart(2, '0')}`;
}

/** The range of the same length just before [from, to). */
export function previousPeriod(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDays(from, -diffDays(to, from)), to: from };
}

/** The same range a year earlier. */
export function samePeriodLastYear(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: shiftYears(from, -1), to: shiftYears(to, -1) };
}

/**
 * `total` shared over `weights` in proportion, each share rounded down and the remainder on the
 * last: the shares add up to `total` exactly. Equal weights when they sum to 0.
 */
export function shareByWeight(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0n);
  const used = sum > 0n ? weights : weights.map(() => 1n);
  const usedSum = sum > 0n ? sum : BigInt(weights.length);
  const shares = used.map((weight) => floorDiv(total * weight, usedSum));
  const given = shares.slice(0, -1).reduce((a, b) => a + b, 0n);
  shares[shares.length - 1] = total - given;
  return shares;
}

/** `total` spread evenly over `nights` nights, to the centavo, the remainder on the last night. */
export function spreadOverNights(total: bigint, nights: number): bigint[] {
  if (nights <= 0) return [];
  const each = floorDiv(total, BigInt(nights));
  const spread = Array.from({ length: nights }, () => each);
  spread[nights - 1] = total - each * BigInt(nights - 1);
  return spread;
}

/** spreadOverNights without the array: every night's share and the last night's. */
function nightShares(total: bigint, nights: number): { each: bigint; last: bigint } {
  if (nights <= 0) return { each: 0n, last: 0n };
  const each = floorDiv(total, BigInt(nights));
  return { each, last: total - each * BigInt(nights - 1) };
}

function tallyOf(map: Map<string, Tally>, key: string): Tally {
  let tally = map.get(key);
  if (!tally) {
    tally = emptyTally();
    map.set(key, tally);
  }
  return tally;
}

/** The nights out of order per cabin inside [from, to). */
function outOfOrderNights(input: RangeInput): Map<string, Set<IsoDate>> {
  const nights = new Map<string, Set<IsoDate>>();
  for (const block of input.blocks) {
    const start = block.start_date > input.from ? block.start_date : input.from;
    const endExclusive = addDays(block.end_date, 1);
    const end = endExclusive < input.to ? endExclusive : input.to;
    let set = nights.get(block.unit_id);
    if (!set) {
      set = new Set();
      nights.set(block.unit_id, set);
    }
    for (let day = start; day < end; day = addDays(day, 1)) set.add(day);
  }
  return nights;
}

/** A range's tallies with their available nights, and each night's month tally by index. */
function availableTallies(input: RangeInput): {
  tallies: ReportTallies;
  monthAt: Tally[];
  rangeNights: number;
} {
  const total = emptyTally();
  const byMonth = new Map<string, Tally>();
  const byUnit = new Map<string, Tally>();
  const months = monthsOf(input.from, input.to);
  for (const month of months) byMonth.set(month, emptyTally());
  for (const unit of input.units) byUnit.set(unit.unit_id, emptyTally());

  // The range's nights by index (0 = `from`), each with its month's tally: the loops below
  // count in integers, with no date arithmetic per night.
  const rangeNights = Math.max(diffDays(input.to, input.from), 0);
  const monthAt: Tally[] = [];
  const nightsPerMonth = new Map<Tally, number>();
  for (let i = 0, day = input.from; i < rangeNights; i += 1, day = addDays(day, 1)) {
    const tally = tallyOf(byMonth, monthOf(day));
    monthAt.push(tally);
    nightsPerMonth.set(tally, (nightsPerMonth.get(tally) ?? 0) + 1);
  }

  // Available room nights: every cabin's nights less those it is out of order.
  const blocked = outOfOrderNights(input);
  for (const unit of input.units) {
    const unitTally = tallyOf(byUnit, unit.unit_id);
    for (const [monthTally, nights] of nightsPerMonth) {
      monthTally.available += nights;
      unitTally.available += nights;
      total.available += nights;
    }
    for (const day of blocked.get(unit.unit_id) ?? []) {
      const monthTally = monthAt[diffDays(day, input.from)]!;
      monthTally.available -= 1;
      unitTally.available -= 1;
      total.available -= 1;
    }
  }
  return {
    tallies: { total, by_month: byMonth, by_unit: byUnit, by_source: new Map() },
    monthAt,
    rangeNights,
  };
}

/** What was sold in one slice of a range (a month, a cabin, a source, or the whole range). */
export interface SoldSlice {
  level: 'month' | 'unit' | 'source' | 'total';
  /** The month ('YYYY-MM'), cabin or source; ignored for the total. */
  key: string;
  /** Bookings with a night in the slice. */
  bookings: number;
  sold: number;
  room: bigint;
  extras: bigint;
  fees: bigint;
}

function addSold(tally: Tally, slice: SoldSlice): void {
  tally.sold += slice.sold;
  tally.room += slice.room;
  tally.extras += slice.extras;
  tally.fees += slice.fees;
  tally.bookings += slice.bookings;
}

/**
 * Every tally of a range from its sold slices, already shared and spread by the rules above
 * (migration 0027's report_nights, summed by the database): the whole range is the sum of its
 * sources (a booking has one source) or the `total` slice given.
 */
export function tallySold(input: RangeInput & { sold: readonly SoldSlice[] }): ReportTallies {
  const { tallies } = availableTallies(input);
  for (const slice of input.sold) {
    if (slice.level === 'total') {
      addSold(tallies.total, slice);
      continue;
    }
    const map =
      slice.level === 'month'
        ? tallies.by_month
        : slice.level === 'unit'
          ? tallies.by_unit
          : tallies.by_source;
    addSold(tallyOf(map, slice.key), slice);
    if (slice.level === 'source') addSold(tallies.total, slice);
  }
  return tallies;
}

/**
 * Every tally of a range, worked out here from the bookings themselves: the reference the
 * database's report_nights are checked against (tests/integration/reports).
 */
export function tallyReport(input: ReportInput): ReportTallies {
  const { tallies, monthAt, rangeNights } = availableTallies(input);
  const { total, by_source: bySource, by_unit: byUnit } = tallies;

  // Sold nights and revenue: each line's share spread over its nights, those inside counted.
  for (const booking of input.bookings) {
    const nightsOf = booking.lines.map((line) =>
      Math.max(diffDays(line.check_out, line.check_in), 0),
    );
    const subtotalSum = booking.lines.reduce((a, line) => a + line.subtotal, 0n);
    const weights =
      subtotalSum > 0n ? booking.lines.map((line) => line.subtotal) : nightsOf.map(BigInt);
    const room = shareByWeight(booking.room_net, weights);
    const extras = shareByWeight(booking.extras_net, weights);
    const fees = shareByWeight(booking.fees_net, weights);
    const sourceTally = tallyOf(bySource, booking.source);
    const touched = new Set<Tally>();
    booking.lines.forEach((line, i) => {
      const nights = nightsOf[i] ?? 0;
      const offset = diffDays(line.check_in, input.from);
      const first = Math.max(0, -offset);
      const end = Math.min(nights, rangeNights - offset);
      if (first >= end) return;
      const unitTally = tallyOf(byUnit, line.unit_id);
      const roomNight = nightShares(room[i] ?? 0n, nights);
      const extrasNight = nightShares(extras[i] ?? 0n, nights);
      const feesNight = nightShares(fees[i] ?? 0n, nights);
      touched.add(unitTally);
      for (let k = first; k < end; k += 1) {
        const lastNight = k === nights - 1;
        const roomValue = lastNight ? roomNight.last : roomNight.each;
        const extrasValue = lastNight ? extrasNight.last : extrasNight.each;
        const feesValue = lastNight ? feesNight.last : feesNight.each;
        const monthTally = monthAt[offset + k]!;
        touched.add(monthTally);
        for (const tally of [total, monthTally, unitTally, sourceTally]) {
          tally.sold += 1;
          tally.room += roomValue;
          tally.extras += extrasValue;
          tally.fees += feesValue;
        }
      }
    });
    if (touched.size === 0) continue;
    total.bookings += 1;
    sourceTally.bookings += 1;
    for (const tally of touched) tally.bookings += 1;
  }
  for (const [source, tally] of bySource) if (tally.bookings === 0) bySource.delete(source);
  return tallies;
}

/** A money ratio rounded half up to the centavo, in pesos; 0 when there is nothing to divide by. */
function perNight(amount: bigint, nights: number): number {
  if (nights <= 0) return 0;
  return toPesos(roundHalfUp({ n: amount, d: BigInt(nights) }));
}

/** The published figures of a tally: pesos, occupancy as a fraction, ADR and RevPAR. */
export function figuresOf(tally: Tally): ReportFigures {
  return {
    room_nights_available: tally.available,
    room_nights_sold: tally.sold,
    occupancy: tally.available > 0 ? tally.sold / tally.available : 0,
    adr: perNight(tally.room, tally.sold),
    revpar: perNight(tally.room, tally.available),
    room_revenue: toPesos(tally.room),
    extras_revenue: toPesos(tally.extras),
    fees_revenue: toPesos(tally.fees),
    total_revenue: toPesos(tally.room + tally.extras + tally.fees),
  };
}

/** A rate (count ÷ of), 0 when `of` is 0. */
export function rateOf(count: number, of: number): number {
  return of > 0 ? count / of : 0;
}

export const AGEING_BUCKETS = ['not_due', 'days_0_30', 'days_31_60', 'days_over_60'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_LABELS: Readonly<Record<AgeingBucket, string>> = {
  not_due: 'Not yet due',
  days_0_30: '0–30 days overdue',
  days_31_60: '31–60 days overdue',
  days_over_60: 'Over 60 days overdue',
};

/** The ageing bucket of a balance due on `dueDate`, seen on `today`. */
export function ageingBucket(dueDate: IsoDate, today: IsoDate): AgeingBucket {
  const overdue = diffDays(today, dueDate);
  if (overdue < 0) return 'not_due';
  if (overdue <= 30) return 'days_0_30';
  if (overdue <= 60) return 'days_31_60';
  return 'days_over_60';
}

/** Longest range a report answers: three years. */
export const REPORT_MAX_YEARS = 3;
