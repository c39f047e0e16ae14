import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entryDraftIssue, summarizeFolio } from './folio';
import { legacyFolioEntries } from './folio-migration';
import type { LegacyBooking } from './folio-migration';
import { DESIGN_EXAMPLES, stored } from './folio-test-helpers';
import { netPaid } from './payment-status';
import { quoteBooking } from './pricing';
import type { QuoteInput } from './pricing';

/** A booking as booking-creation.service.ts stores it from a quote. */
function bookingOf(
  input: QuoteInput,
  names: readonly string[],
  payments: LegacyBooking['payments'] = [],
): LegacyBooking {
  const quote = quoteBooking(input);
  return {
    check_in: input.check_in,
    check_out: input.check_out,
    discount_name: quote.discount?.name ?? null,
    discount_amount: quote.discount_amount,
    vat_amount: quote.vat,
    local_tax_amount: quote.local_tax,
    total_amount: quote.total_amount,
    lines: quote.units.map((line, i) => ({ unit_name: names[i]!, subtotal: line.unit_total })),
    payments,
  };
}

let nextPayment = 0;
function payment(amount: number, status: string, method = 'GCash') {
  nextPayment += 1;
  return {
    payment_id: `p${nextPayment}`,
    payment_amount: amount,
    payment_method: method,
    payment_status: status,
  };
}

function migrate(booking: LegacyBooking, cancelled = false) {
  const entries = legacyFolioEntries(booking);
  for (const entry of entries) expect(entryDraftIssue(entry)).toBeNull();
  return {
    entries,
    summary: summarizeFolio({
      entries: stored(entries),
      deposit_amount: 0,
      has_pending_proof: booking.payments.some((p) => p.payment_status === 'Pending'),
      cancelled,
    }),
  };
}

/** What the migration test compares booking by booking. */
function expectSameMoney(booking: LegacyBooking, cancelled = false) {
  const { summary } = migrate(booking, cancelled);
  expect(summary.charges_total).toBe(booking.total_amount);
  expect(summary.paid_total).toBe(netPaid(booking.payments));
  return summary;
}

describe('legacyFolioEntries: DESIGN §4 worked examples', () => {
  it('case 1: 11,458 with a verified deposit, a pending proof and a failed one', () => {
    const { input, names } = DESIGN_EXAMPLES[0]!;
    const booking = bookingOf(input, names, [
      payment(5729, 'Completed'),
      payment(5729, 'Pending'),
      payment(100, 'Failed'),
    ]);
    const { entries, summary } = migrate(booking);
    expect(entries.map((e) => [e.kind, e.description, e.amount, e.payment_id])).toEqual([
      ['lodging', 'Stay: Cabin A, 3 nights', 11458, null],
      ['payment', 'Payment (GCash)', -5729, booking.payments[0]!.payment_id],
    ]);
    expect(summary).toEqual({
      charges_total: 11458,
      paid_total: 5729,
      refunded_total: 0,
      balance: 5729,
      payment_status: 'Deposit paid',
    });
  });

  it('case 2: 44,635 after Early Bird, paid in full by two transfers', () => {
    const { input, names } = DESIGN_EXAMPLES[1]!;
    const booking = bookingOf(input, names, [
      payment(22317.5, 'Completed', 'BankTransfer'),
      payment(22317.5, 'Completed', 'Maya'),
    ]);
    const { entries, summary } = migrate(booking);
    expect(entries.map((e) => [e.kind, e.description, e.amount])).toEqual([
      ['lodging', 'Stay: Cabin B, 5 nights', 50285],
      ['discount', 'Early Bird discount', -5650],
      ['payment', 'Payment (Bank Transfer)', -22317.5],
      ['payment', 'Payment (Maya)', -22317.5],
    ]);
    expect(summary).toMatchObject({ charges_total: 44635, paid_total: 44635, balance: 0 });
    expect(summary.payment_status).toBe('Paid');
  });

  it('case 3: 70,417, three cabins and Bulk, cancelled with a 50% refund', () => {
    const { input, names } = DESIGN_EXAMPLES[2]!;
    const booking = bookingOf(input, names, [
      payment(70417, 'Completed', 'Cash'),
      payment(35208.5, 'Refunded', 'Cash'),
    ]);
    const summary = expectSameMoney(booking, true);
    expect(summary).toMatchObject({
      charges_total: 70417,
      paid_total: 35208.5,
      refunded_total: 35208.5,
      payment_status: 'Refunded',
    });
  });

  it('every case, in every tax mode, with any mix of payments', () => {
    for (const { input, names } of DESIGN_EXAMPLES) {
      for (const tax_mode of ['exclusive', 'inclusive', 'none'] as const) {
        const booking = bookingOf({ ...input, settings: { ...input.settings, tax_mode } }, names, [
          payment(1000.01, 'Completed'),
          payment(250.5, 'Refunded'),
          payment(300, 'Pending'),
          payment(400, 'Failed'),
        ]);
        expectSameMoney(booking);
      }
    }
  });
});

describe('legacyFolioEntries: rows whose figures do not add up', () => {
  const plain: LegacyBooking = {
    check_in: '2025-03-01',
    check_out: '2025-03-03',
    discount_name: null,
    discount_amount: 0,
    vat_amount: 0,
    local_tax_amount: 0,
    total_amount: 7000,
    lines: [{ unit_name: 'Bench Cabin 1', subtotal: 0 }],
    payments: [],
  };

  it('the benchmark data set: lines without prices, the total carried as one stay charge', () => {
    const booking = { ...plain, payments: [payment(7000, 'Completed')] };
    const { entries } = migrate(booking);
    expect(entries.map((e) => [e.kind, e.description, e.amount, e.vat_amount])).toEqual([
      ['lodging', 'Stay charges recorded before the folio', 7000, 0],
      ['payment', 'Payment (GCash)', -7000, 0],
    ]);
    expect(expectSameMoney(booking).payment_status).toBe('Paid');
  });

  it('a total above the lines keeps the lines and the booking taxes on the difference', () => {
    const booking = {
      ...plain,
      lines: [{ unit_name: 'Cabin A', subtotal: 5000 }],
      vat_amount: 720,
      local_tax_amount: 60,
    };
    const { entries } = migrate(booking);
    expect(
      entries.map((e) => [e.kind, e.unit_amount, e.vat_amount, e.local_tax_amount, e.amount]),
    ).toEqual([
      ['lodging', 5000, 0, 0, 5000],
      ['lodging', 1220, 720, 60, 2000],
    ]);
    expectSameMoney(booking);
  });

  it('a total below the lines: the difference is a discount', () => {
    const booking = { ...plain, lines: [{ unit_name: 'Cabin A', subtotal: 7500.25 }] };
    const { entries } = migrate(booking);
    expect(entries.map((e) => [e.kind, e.description, e.amount])).toEqual([
      ['lodging', 'Stay: Cabin A, 2 nights', 7500.25],
      ['discount', 'Adjustment recorded before the folio', -500.25],
    ]);
    expectSameMoney(booking);
  });

  it('a booking of nothing has no entries and reads Unpaid', () => {
    const booking = { ...plain, total_amount: 0 };
    expect(migrate(booking).entries).toEqual([]);
    expect(expectSameMoney(booking).payment_status).toBe('Unpaid');
  });

  it('refunds above the payments (a status edited by hand) still give the same net paid', () => {
    const booking = {
      ...plain,
      payments: [payment(1000, 'Refunded'), payment(500, 'Completed')],
    };
    expect(expectSameMoney(booking).paid_total).toBe(-500);
  });

  it('reproduces any stored booking to the centavo (property)', () => {
    const centavos = (max: number) => fc.integer({ min: 0, max }).map((n) => n / 100);
    const booking = fc.record({
      subtotals: fc.array(centavos(10_000_000), { maxLength: 5 }),
      discount_amount: centavos(1_000_000),
      vat_amount: centavos(1_000_000),
      local_tax_amount: centavos(100_000),
      total_amount: centavos(20_000_000),
      payments: fc.array(
        fc.record({
          amount: centavos(10_000_000),
          status: fc.constantFrom('Completed', 'Refunded', 'Pending', 'Failed'),
        }),
        { maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(booking, (b) => {
        expectSameMoney({
          ...plain,
          discount_name: 'Early Bird',
          discount_amount: b.discount_amount,
          vat_amount: b.vat_amount,
          local_tax_amount: b.local_tax_amount,
          total_amount: b.total_amount,
          lines: b.subtotals.map((subtotal, i) => ({ unit_name: `Cabin ${i}`, subtotal })),
          payments: b.payments.map((p) => payment(p.amount, p.status)),
        });
      }),
    );
  });
});
