import { describe, expect, it } from 'vitest';
import { loginRedirectParam, postLoginTarget } from './redirect-target';

describe('postLoginTarget (SPEC §2 redirect targets, DESIGN §3 default)', () => {
  it('honours the allowed prefixes', () => {
    expect(postLoginTarget('/settings?tab=security')).toBe('/settings?tab=security');
    expect(postLoginTarget('/bookings/123')).toBe('/bookings/123');
    expect(postLoginTarget('/units?status=Available')).toBe('/units?status=Available');
  });

  it('sends everything else, and /login itself, to the dashboard (no loop)', () => {
    for (const target of [
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/audit-logs',
      '/login',
      '/login?redirect=/login',
    ]) {
      expect(postLoginTarget(target)).toBe('/dashboard');
    }
  });

  it('falls back to the given home: the front desk on a phone (issue 22)', () => {
    expect(postLoginTarget(undefined, '/front-desk')).toBe('/front-desk');
    expect(postLoginTarget('/login', '/front-desk')).toBe('/front-desk');
    expect(postLoginTarget('/bookings', '/front-desk')).toBe('/bookings');
    expect(postLoginTarget('/front-desk?date=2030-01-02')).toBe('/front-desk?date=2030-01-02');
  });
});

describe('loginRedirectParam', () => {
  it('keeps an allowed page, with its search', () => {
    expect(loginRedirectParam('/settings?tab=profile')).toBe('/settings?tab=profile');
  });

  it('drops pages that are not redirect targets', () => {
    expect(loginRedirectParam('/audit-logs')).toBeUndefined();
    expect(loginRedirectParam('/login?redirect=/dashboard')).toBeUndefined();
  });
});
