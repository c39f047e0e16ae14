import { describe, expect, it } from 'vitest';
import {
  expiryWarningText,
  refreshDelay,
  REFRESH_MAX_MS,
  REFRESH_MIN_MS,
} from './use-session-timers';

describe('session timers (SPEC §9)', () => {
  it('refreshes between 45 and 55 minutes', () => {
    expect(refreshDelay(() => 0)).toBe(45 * 60_000);
    expect(refreshDelay(() => 0.999_999)).toBeLessThan(55 * 60_000);
    for (let i = 0; i < 100; i += 1) {
      const delay = refreshDelay();
      expect(delay).toBeGreaterThanOrEqual(REFRESH_MIN_MS);
      expect(delay).toBeLessThan(REFRESH_MAX_MS);
    }
  });

  it('rounds the minutes left up', () => {
    expect(expiryWarningText(5 * 60_000)).toBe('Your session expires in 5 minutes');
    expect(expiryWarningText(4 * 60_000 + 1)).toBe('Your session expires in 5 minutes');
    expect(expiryWarningText(60_000)).toBe('Your session expires in 1 minute');
    expect(expiryWarningText(1_000)).toBe('Your session expires in 1 minute');
  });
});
