import { describe, expect, it } from 'vitest';
import {
  quickFilters,
  sameSearch,
  toAuditFilterQuery,
  validateAuditLogsSearch,
} from './audit-logs-search';

describe('Audit Trail search params', () => {
  it('keeps the filters a shared link names and drops what is not a filter', () => {
    expect(
      validateAuditLogsSearch({
        table_name: 'bookings',
        source: 'db',
        action: 'DELETE',
        event_type: 'booking_cancelled',
        from: '2027-06-01',
        to: '2027-06-30',
        user_email: 'owner@resort.ph',
        page: '3',
      }),
    ).toEqual({
      table_name: 'bookings',
      source: 'db',
      action: 'DELETE',
      event_type: 'booking_cancelled',
      from: '2027-06-01',
      to: '2027-06-30',
      user_email: 'owner@resort.ph',
      page: 3,
    });
    expect(
      validateAuditLogsSearch({
        table_name: 'pg_authid',
        source: 'browser',
        action: 'drop table',
        event_type: "x'",
        from: '2027-02-31',
        to: 'soon',
        page: '-2',
      }),
    ).toEqual({});
    // An end before the start is dropped rather than sent to be refused.
    expect(validateAuditLogsSearch({ from: '2027-06-05', to: '2027-06-01' })).toEqual({
      from: '2027-06-05',
    });
  });

  it('offers SPEC §2 quick filters for the resort’s today', () => {
    const quick = quickFilters('2027-06-10');
    expect(quick.map((q) => q.label)).toEqual([
      'Recent Activity',
      'All Deletions',
      "Today's Bookings",
      "Today's Payments",
      'Failed Sign-ins',
    ]);
    expect(quick[2]!.search).toEqual({
      table_name: 'bookings',
      from: '2027-06-10',
      to: '2027-06-10',
    });
    expect(quick[4]!.search).toEqual({
      action: 'login_failed',
      from: '2027-06-03',
      to: '2027-06-10',
    });
    expect(sameSearch({ action: 'DELETE', page: undefined }, quick[1]!.search)).toBe(true);
    expect(sameSearch({}, quick[1]!.search)).toBe(false);
  });

  it('exports the filters without the page', () => {
    expect(toAuditFilterQuery({ table_name: 'units', page: 4, user_email: '  a@b.ph ' })).toEqual({
      table_name: 'units',
      source: undefined,
      action: undefined,
      event_type: undefined,
      from: undefined,
      to: undefined,
      user_email: 'a@b.ph',
    });
  });
});

describe('a From after To in a link', () => {
  it('names `to` as refused, so the raw value of the link cannot come back', () => {
    const search = validateAuditLogsSearch({ from: '2026-11-20', to: '2026-11-10' });
    expect(search.from).toBe('2026-11-20');
    expect('to' in search).toBe(true);
    expect(search.to).toBeUndefined();
    expect({ ...{ to: '2026-11-10' }, ...search }.to).toBeUndefined();
  });
});
