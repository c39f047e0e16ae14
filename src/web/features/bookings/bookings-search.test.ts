import { describe, expect, it } from 'vitest';
import {
  BOOKING_STORAGE_KEY,
  isEmptySearch,
  loadBookingTableState,
  saveBookingTableState,
  toBookingListQuery,
  validateBookingsSearch,
} from './bookings-search';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('bookings list state', () => {
  it('keeps known, well-formed params and drops the rest', () => {
    expect(
      validateBookingsSearch({
        status: 'Confirmed',
        payment_status: 'Paid',
        search: 'santos',
        page: '3',
        sort: 'total_amount',
        order: 'asc',
        from: '2027-06-01',
        to: '2027-06-31',
        extra: 'x',
      }),
    ).toEqual({
      status: 'Confirmed',
      payment_status: 'Paid',
      search: 'santos',
      page: 3,
      sort: 'total_amount',
      order: 'asc',
      from: '2027-06-01',
    });
    expect(validateBookingsSearch({ status: 'Lost', page: 0, sort: 'nope', order: 'up' })).toEqual(
      {},
    );
  });

  it("filters by the folio's payment statuses and by balance (issue 17)", () => {
    expect(
      validateBookingsSearch({ payment_status: 'Pending verification', balance: 'overdue' }),
    ).toEqual({ payment_status: 'Pending verification', balance: 'overdue' });
    expect(validateBookingsSearch({ payment_status: 'Deposit paid', balance: 'due' })).toEqual({
      payment_status: 'Deposit paid',
      balance: 'due',
    });
    // The old vocabulary and unknown balance filters are dropped, not sent.
    expect(validateBookingsSearch({ payment_status: 'Partial', balance: 'late' })).toEqual({});
    expect(toBookingListQuery({ balance: 'overdue' })).toMatchObject({ balance: 'overdue' });
    expect(toBookingListQuery({ balance: 'due', payment_status: 'Overpaid' })).toMatchObject({
      balance: 'due',
      payment_status: 'Overpaid',
    });
  });

  it('filters by where the booking came from (issue 22)', () => {
    expect(validateBookingsSearch({ source: 'walk_in' })).toEqual({ source: 'walk_in' });
    expect(validateBookingsSearch({ source: 'Walk-in' })).toEqual({});
    expect(toBookingListQuery({ source: 'booking_com' })).toMatchObject({ source: 'booking_com' });
  });

  it('leaves the defaults (page 1, newest first) out of the URL', () => {
    expect(validateBookingsSearch({ page: 1, sort: 'created_at', order: 'desc' })).toEqual({});
    expect(validateBookingsSearch({ sort: 'created_at', order: 'asc' })).toEqual({ order: 'asc' });
    expect(isEmptySearch({})).toBe(true);
    expect(isEmptySearch({ page: 2 })).toBe(false);
  });

  it('asks the API for 10 a page, newest first by default (SPEC §9)', () => {
    expect(toBookingListQuery({})).toEqual({
      booking_status: undefined,
      payment_status: undefined,
      balance: undefined,
      source: undefined,
      search: undefined,
      date_from: undefined,
      date_to: undefined,
      sort: 'created_at',
      order: 'desc',
      page: 1,
      page_size: 10,
    });
    expect(
      toBookingListQuery({ status: 'Pending', search: '  bk ', from: '2027-01-01' }),
    ).toMatchObject({ booking_status: 'Pending', search: 'bk', date_from: '2027-01-01' });
  });

  it('round-trips the table state through session storage under booking-storage', () => {
    const storage = new MemoryStorage();
    expect(loadBookingTableState(storage)).toBeNull();
    saveBookingTableState(storage, {
      status: 'Pending',
      page: 2,
      sort: 'guest_name',
      order: 'asc',
    });
    expect(storage.getItem(BOOKING_STORAGE_KEY)).toContain('"status":"Pending"');
    expect(loadBookingTableState(storage)).toEqual({
      status: 'Pending',
      page: 2,
      sort: 'guest_name',
      order: 'asc',
    });
    storage.setItem(BOOKING_STORAGE_KEY, '{not json');
    expect(loadBookingTableState(storage)).toBeNull();
    expect(loadBookingTableState(undefined)).toBeNull();
  });
});
