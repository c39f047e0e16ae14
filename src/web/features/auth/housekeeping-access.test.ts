import { describe, expect, it } from 'vitest';
import {
  housekeepingLanding,
  housekeepingMayOpen,
  isHousekeepingOnly,
} from './housekeeping-access';

describe('housekeeping access (issue 22)', () => {
  it('is the housekeeping role alone: not staff and up, not a user without a role', () => {
    expect(isHousekeepingOnly('housekeeping')).toBe(true);
    for (const role of ['staff', 'manager', 'owner', 'admin'] as const) {
      expect(isHousekeepingOnly(role)).toBe(false);
    }
    expect(isHousekeepingOnly(null)).toBe(false);
  });

  it('opens the board and the own-account settings only, with or without a trailing slash', () => {
    expect(housekeepingMayOpen('/housekeeping')).toBe(true);
    expect(housekeepingMayOpen('/housekeeping/')).toBe(true);
    expect(housekeepingMayOpen('/settings')).toBe(true);
    for (const path of ['/bookings', '/units/abc', '/dashboard', '/housekeeping-x', '/']) {
      expect(housekeepingMayOpen(path)).toBe(false);
    }
  });

  it('lands on the board instead of the dashboard', () => {
    expect(housekeepingLanding('/dashboard')).toBe(true);
    // Today is the back office's home on a phone (backOfficeHome): the board instead.
    expect(housekeepingLanding('/front-desk')).toBe(true);
    expect(housekeepingLanding('/bookings')).toBe(false);
  });
});
