import { describe, expect, it } from 'vitest';
import { CREDIT_NOTE, balanceDueText, balanceLine, canPayBalance } from './balance-due';

const TODAY = '2027-03-10';

const booking = (over: Partial<Parameters<typeof balanceLine>[0]> = {}) => ({
  balance: 4500,
  balance_due_date: '2027-03-20',
  booking_status: 'Confirmed' as const,
  payment_status: 'Deposit paid' as const,
  pending_total: 0,
  ...over,
});

describe('balanceDueText (issue 17 point 3)', () => {
  it('says the day it is due while it is ahead', () => {
    expect(balanceDueText('2027-03-20', TODAY)).toEqual({
      text: 'Due on Mar 20, 2027',
      overdue: false,
    });
  });

  it('says "today" on the day, which is not yet overdue (as the bookings list counts it)', () => {
    expect(balanceDueText(TODAY, TODAY)).toEqual({
      text: 'Due today, Mar 10, 2027',
      overdue: false,
    });
  });

  it('is overdue from the day after', () => {
    expect(balanceDueText('2027-03-09', TODAY)).toEqual({
      text: 'Overdue: it was due on Mar 09, 2027',
      overdue: true,
    });
  });
});

describe('balanceLine', () => {
  it('shows the balance due with its date', () => {
    expect(balanceLine(booking(), TODAY)).toEqual({
      label: 'Balance due',
      amount: 4500,
      note: 'Due on Mar 20, 2027',
      overdue: false,
    });
  });

  it('marks a balance past its date overdue', () => {
    expect(balanceLine(booking({ balance_due_date: '2027-03-01' }), TODAY)).toMatchObject({
      note: 'Overdue: it was due on Mar 01, 2027',
      overdue: true,
    });
  });

  it('shows ₱0 with no date once everything is paid', () => {
    expect(balanceLine(booking({ balance: 0, payment_status: 'Paid' }), TODAY)).toEqual({
      label: 'Balance due',
      amount: 0,
      note: null,
      overdue: false,
    });
  });

  it('shows a negative balance as a credit, never as a negative amount due', () => {
    expect(balanceLine(booking({ balance: -1250.5, payment_status: 'Overpaid' }), TODAY)).toEqual({
      label: 'Credit',
      amount: 1250.5,
      note: CREDIT_NOTE,
      overdue: false,
    });
  });

  it('shows nothing due on a cancelled booking, but still its credit', () => {
    const cancelled = booking({ booking_status: 'Cancelled', balance_due_date: '2027-03-01' });
    expect(balanceLine(cancelled, TODAY)).toBeNull();
    expect(balanceLine({ ...cancelled, balance: -500 }, TODAY)?.label).toBe('Credit');
  });
});

describe('canPayBalance', () => {
  it('offers the balance proof while something is due on a booking that stands', () => {
    expect(canPayBalance(booking())).toBe(true);
    expect(canPayBalance(booking({ booking_status: 'Pending', payment_status: 'Unpaid' }))).toBe(
      true,
    );
  });

  it('does not when nothing is due, the booking is cancelled or the first proof awaits staff', () => {
    expect(canPayBalance(booking({ balance: 0, payment_status: 'Paid' }))).toBe(false);
    expect(canPayBalance(booking({ balance: -10, payment_status: 'Overpaid' }))).toBe(false);
    expect(canPayBalance(booking({ booking_status: 'Cancelled' }))).toBe(false);
    expect(
      canPayBalance(
        booking({
          booking_status: 'Pending',
          payment_status: 'Pending verification',
          pending_total: 4000,
        }),
      ),
    ).toBe(false);
  });

  it('does not while a balance proof sent earlier awaits staff (the status still reads Deposit paid)', () => {
    expect(canPayBalance(booking({ pending_total: 2500 }))).toBe(false);
  });
});
