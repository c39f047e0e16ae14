import { describe, expect, it } from 'vitest';
import {
  FOLIO_MESSAGES,
  activeEntries,
  balanceParts,
  creditEntry,
  entryDraftIssue,
  reversalIssue,
  reversalOf,
  summarizeFolio,
} from './folio';
import type { FolioEntry, FolioEntryKind, FolioSummaryInput } from './folio';
import { BOOKING, plainEntry, stored } from './folio-test-helpers';

/** A folio of a 10,000 stay; the rest as given. */
function folio(...rest: Parameters<typeof plainEntry>[]): FolioEntry[] {
  return stored([plainEntry('lodging', 10000), ...rest.map((args) => plainEntry(...args))]);
}

function statusOf(entries: FolioEntry[], patch: Partial<FolioSummaryInput> = {}) {
  return summarizeFolio({
    entries,
    deposit_amount: 5000,
    has_pending_proof: false,
    cancelled: false,
    ...patch,
  });
}

describe('summarizeFolio totals', () => {
  it('adds charges, payments and refunds; balance is the sum of the amounts', () => {
    const entries = folio(
      ['extra', 1234.5],
      ['discount', -500],
      ['payment', -6000.25],
      ['refund', 100.1],
    );
    expect(statusOf(entries)).toEqual({
      charges_total: 10734.5,
      paid_total: 5900.15,
      refunded_total: 100.1,
      balance: 4834.35,
      payment_status: 'Deposit paid',
    });
  });

  it('stays exact over many centavo amounts (no float drift)', () => {
    const payments = Array.from({ length: 1000 }, (): [FolioEntryKind, number] => [
      'payment',
      -0.1,
    ]);
    const summary = statusOf(folio(...payments));
    expect(summary.paid_total).toBe(100);
    expect(summary.balance).toBe(9900);
  });

  it('counts a reversal with the kind of the entry it reverses', () => {
    const entries = folio(['payment', -3000], ['refund', 1000]);
    const reversals = [entries[1]!, entries[2]!].map((target, i) => ({
      ...reversalOf(target, 'Entered twice'),
      entry_id: `r${i}`,
      booking_id: BOOKING,
    }));
    const summary = statusOf([...entries, ...reversals]);
    expect(summary).toMatchObject({
      charges_total: 10000,
      paid_total: 0,
      refunded_total: 0,
      balance: 10000,
    });
  });

  it('refuses a folio whose reversal points at nothing', () => {
    const entries = folio();
    const orphan = { ...reversalOf(entries[0]!, 'x'), entry_id: 'r', booking_id: BOOKING };
    expect(() => statusOf([{ ...orphan, reverses_entry_id: 'missing' }])).toThrow(RangeError);
  });
});

describe('summarizeFolio payment status (the first rule that holds)', () => {
  it('Unpaid: nothing paid and no proof waiting', () => {
    expect(statusOf(folio()).payment_status).toBe('Unpaid');
  });

  it('Unpaid: verified money that does not yet cover the deposit', () => {
    expect(statusOf(folio(['payment', -4999.99])).payment_status).toBe('Unpaid');
  });

  it('Pending verification: a proof waits and nothing verified covers the deposit', () => {
    expect(statusOf(folio(), { has_pending_proof: true }).payment_status).toBe(
      'Pending verification',
    );
    expect(statusOf(folio(['payment', -1000]), { has_pending_proof: true }).payment_status).toBe(
      'Pending verification',
    );
  });

  it('Deposit paid: verified payments reach the deposit, a balance remains', () => {
    expect(statusOf(folio(['payment', -5000])).payment_status).toBe('Deposit paid');
    // A balance proof waiting does not hide that the deposit is in.
    expect(statusOf(folio(['payment', -5000]), { has_pending_proof: true }).payment_status).toBe(
      'Deposit paid',
    );
  });

  it('Deposit paid needs money in even when the deposit is 0', () => {
    expect(statusOf(folio(), { deposit_amount: 0 }).payment_status).toBe('Unpaid');
    expect(statusOf(folio(['payment', -100]), { deposit_amount: 0 }).payment_status).toBe(
      'Deposit paid',
    );
  });

  it('Paid: the balance is 0', () => {
    expect(statusOf(folio(['payment', -5000], ['payment', -5000])).payment_status).toBe('Paid');
  });

  it('Overpaid: the guest has a credit, whatever else holds', () => {
    const entries = folio(['payment', -10500], ['refund', 100]);
    expect(statusOf(entries).payment_status).toBe('Overpaid');
    expect(statusOf(entries, { cancelled: true }).payment_status).toBe('Overpaid');
  });

  it('Refunded: everything paid was given back', () => {
    expect(statusOf(folio(['payment', -5000], ['refund', 5000])).payment_status).toBe('Refunded');
  });

  it('Refunded: a cancelled booking with a refund, whatever the resort kept', () => {
    const entries = folio(['payment', -5000], ['refund', 2500]);
    expect(statusOf(entries, { cancelled: true }).payment_status).toBe('Refunded');
    expect(statusOf(entries).payment_status).toBe('Unpaid');
  });

  it('a proof waiting comes before Refunded', () => {
    const entries = folio(['payment', -5000], ['refund', 5000]);
    expect(statusOf(entries, { has_pending_proof: true }).payment_status).toBe(
      'Pending verification',
    );
  });

  it('a folio with nothing charged and nothing paid is Unpaid', () => {
    expect(statusOf([]).payment_status).toBe('Unpaid');
  });
});

describe('reversalIssue', () => {
  const entries = folio(['payment', -3000], ['refund', 1000]);
  const reversal: FolioEntry = {
    ...reversalOf(entries[0]!, 'Wrong cabin'),
    entry_id: 'r1',
    booking_id: BOOKING,
  };

  it('allows reversing an entry of this folio with a reason', () => {
    expect(reversalIssue(entries, 'e1', 'Wrong cabin')).toBeNull();
    expect(reversalIssue(entries, 'e3', 'Refund recorded by mistake')).toBeNull();
  });

  it('requires a reason', () => {
    for (const reason of [undefined, null, '', '   ']) {
      expect(reversalIssue(entries, 'e1', reason)).toEqual({
        issue: 'reason_required',
        message: FOLIO_MESSAGES.reasonRequired,
      });
    }
  });

  it("refuses another booking's entry (it is not on this folio)", () => {
    expect(reversalIssue(entries, 'an-entry-of-another-booking', 'x')?.issue).toBe('not_on_folio');
  });

  it('refuses reversing a reversal', () => {
    expect(reversalIssue([...entries, reversal], 'r1', 'x')?.issue).toBe('reversal_of_reversal');
  });

  it('refuses reversing twice', () => {
    expect(reversalIssue([...entries, reversal], 'e1', 'x')).toEqual({
      issue: 'already_reversed',
      message: FOLIO_MESSAGES.alreadyReversed,
    });
  });

  it('refuses reversing a payment when the refunds would then exceed the payments', () => {
    expect(reversalIssue(entries, 'e2', 'Bounced')?.issue).toBe('refunds_exceed_payments');
    const twoPayments = folio(['payment', -3000], ['payment', -1000], ['refund', 1000]);
    expect(reversalIssue(twoPayments, 'e2', 'Bounced')).toBeNull();
    expect(reversalIssue(twoPayments, 'e3', 'Bounced')).toBeNull();
  });
});

describe('reversalOf', () => {
  it('negates the amount and the taxes, keeps the treatment and records the reason', () => {
    const [target] = stored([
      {
        ...plainEntry('extra', 1130),
        quantity: 2,
        unit_amount: 500,
        vat_amount: 120,
        local_tax_amount: 10,
      },
    ]);
    expect(reversalOf(target!, '  Guest did not take it ')).toEqual({
      kind: 'reversal',
      description: 'Reversal: extra',
      quantity: 2,
      unit_amount: -500,
      amount: -1130,
      tax_treatment: 'vatable',
      vat_amount: -120,
      local_tax_amount: -10,
      reverses_entry_id: 'e1',
      reason: 'Guest did not take it',
    });
  });

  it('writes 0 for a zero amount, never -0', () => {
    const [target] = stored([plainEntry('extra', 0)]);
    expect(Object.is(reversalOf(target!, 'x').amount, 0)).toBe(true);
  });
});

describe('activeEntries', () => {
  it('leaves out reversals and the entries they reverse', () => {
    const entries = folio(['extra', 500], ['payment', -100]);
    const reversal = { ...reversalOf(entries[1]!, 'x'), entry_id: 'r', booking_id: BOOKING };
    expect(activeEntries([...entries, reversal]).map((entry) => entry.entry_id)).toEqual([
      'e1',
      'e3',
    ]);
  });
});

describe('entryDraftIssue', () => {
  it('accepts each kind with its sign', () => {
    for (const [kind, amount] of [
      ['lodging', 100],
      ['extra', 0],
      ['fee', 60],
      ['discount', -100],
      ['senior_pwd_discount', -100],
      ['payment', -100],
      ['refund', 100],
    ] as const) {
      expect(entryDraftIssue(plainEntry(kind, amount))).toBeNull();
    }
  });

  it('refuses the wrong sign', () => {
    expect(entryDraftIssue(plainEntry('lodging', -1))).toBe(FOLIO_MESSAGES.wrongSign('lodging'));
    expect(entryDraftIssue(plainEntry('payment', 1))).toBe(FOLIO_MESSAGES.wrongSign('payment'));
    expect(entryDraftIssue(plainEntry('refund', -1))).toBe(FOLIO_MESSAGES.wrongSign('refund'));
    expect(entryDraftIssue(plainEntry('discount', 1))).toBe(FOLIO_MESSAGES.wrongSign('discount'));
  });

  it('refuses fractions of a centavo and a quantity that is not a positive whole number', () => {
    expect(entryDraftIssue(plainEntry('lodging', 100.001))).toBe(FOLIO_MESSAGES.notCentavos);
    expect(entryDraftIssue({ ...plainEntry('extra', 100), quantity: 0 })).toBe(
      FOLIO_MESSAGES.badQuantity,
    );
    expect(entryDraftIssue({ ...plainEntry('extra', 100), quantity: 1.5 })).toBe(
      FOLIO_MESSAGES.badQuantity,
    );
  });

  it('refuses VAT on an entry that is not VATable, and taxes above the amount', () => {
    expect(entryDraftIssue({ ...plainEntry('fee', 60), vat_amount: 6 })).toBe(
      FOLIO_MESSAGES.taxOnUntaxed,
    );
    expect(
      entryDraftIssue({ ...plainEntry('extra', 100), vat_amount: 90, local_tax_amount: 11 }),
    ).toBe(FOLIO_MESSAGES.taxLargerThanAmount);
    expect(
      entryDraftIssue({
        ...plainEntry('discount', -100),
        tax_treatment: 'vatable',
        vat_amount: -12,
        local_tax_amount: -1,
      }),
    ).toBeNull();
  });
});

describe('creditEntry', () => {
  it('posts a payment negative and a refund positive, untaxed', () => {
    expect(creditEntry('payment', 5729.5, 'Payment (GCash)')).toMatchObject({
      kind: 'payment',
      amount: -5729.5,
      unit_amount: -5729.5,
      tax_treatment: 'exempt',
      vat_amount: 0,
    });
    expect(creditEntry('refund', 100, 'Refund', 'Cancelled').amount).toBe(100);
  });
});

describe('balanceParts', () => {
  it('splits the balance into what is due and the credit', () => {
    expect(balanceParts({ balance: 1234.56 })).toEqual({ due: 1234.56, credit: 0 });
    expect(balanceParts({ balance: -0.01 })).toEqual({ due: 0, credit: 0.01 });
    expect(balanceParts({ balance: 0 })).toEqual({ due: 0, credit: 0 });
  });
});
