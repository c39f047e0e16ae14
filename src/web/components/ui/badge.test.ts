import { describe, expect, it } from 'vitest';
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
    ['Pending verification', 'secondary'],
    ['Deposit paid', 'secondary'],
    ['Overpaid', 'outline'],
    ['Reserved', 'secondary'],
    ['Cancelled', 'destructive'],
    ['Refunded', 'destructive'],
    ['Maintenance', 'destructive'],
    ['CheckedOut', 'outline'],
    ['Occupied', 'outline'],
    ['checked_in', 'default'],
    ['Checked Out', 'outline'],
    ['something-else', 'outline'],
  ])('%s → %s', (status, variant) => {
    expect(statusBadgeVariant(status)).toBe(variant);
  });

  it('labels statuses for display', () => {
    expect(statusLabel('CheckedIn')).toBe('Checked In');
    expect(statusLabel('BankTransfer')).toBe('Bank Transfer');
    expect(statusLabel('checked_out')).toBe('checked out');
  });
});
