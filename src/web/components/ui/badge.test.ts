import { describe, expect, it } from 'vitest';
import { FOLIO_PAYMENT_STATUSES } from '../../../domain/folio';
import { statusBadgeVariant, statusLabel } from './badge';

describe('statusBadgeVariant (SPEC §4 "Badge styles")', () => {
  it.each([
    ['Confirmed', 'default'],
    ['CheckedIn', 'default'],
    ['Paid', 'default'],
    ['Completed', 'default'],
    ['Available', 'default'],
    ['Pending', 'secondary'],
    ['Partial', 'secondary'],
    ['Reserved', 'secondary'],
    ['Cancelled', 'destructive'],
    ['Refunded', 'destructive'],
    ['Maintenance', 'destructive'],
    ['CheckedOut', 'outline'],
    ['Occupied', 'outline'],
    ['Unpaid', 'secondary'],
    ['Pending verification', 'warning'],
    ['Deposit paid', 'info'],
    ['Overpaid', 'warning'],
    ['checked_in', 'default'],
    ['Checked Out', 'outline'],
    ['something-else', 'outline'],
  ])('%s → %s', (status, variant) => {
    expect(statusBadgeVariant(status)).toBe(variant);
  });

  it('gives every folio payment status (issue 17) a colour of its own kind', () => {
    for (const status of FOLIO_PAYMENT_STATUSES) {
      expect(statusBadgeVariant(status), status).not.toBe('outline');
    }
    expect(statusLabel('Pending verification')).toBe('Pending verification');
    expect(statusLabel('Deposit paid')).toBe('Deposit paid');
  });

  it('labels statuses for display', () => {
    expect(statusLabel('CheckedIn')).toBe('Checked In');
    expect(statusLabel('BankTransfer')).toBe('Bank Transfer');
    expect(statusLabel('checked_out')).toBe('checked out');
  });
});
