import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS, mergePublicSettings } from './get-public-settings';
import { officeHoursText, quietHoursText } from './settings-text';

describe('mergePublicSettings', () => {
  it('reads { data } and keeps defaults for missing or mistyped fields', () => {
    const merged = mergePublicSettings({
      data: { resort_name: 'Other Resort', check_in_time: 15, tagline: '  ', version: '1.2.3' },
    });
    expect(merged.resort_name).toBe('Other Resort');
    expect(merged.version).toBe('1.2.3');
    expect(merged.check_in_time).toBe(DEFAULT_PUBLIC_SETTINGS.check_in_time);
    expect(merged.tagline).toBe(DEFAULT_PUBLIC_SETTINGS.tagline);
  });

  it('falls back to the defaults for nonsense', () => {
    expect(mergePublicSettings(null)).toEqual(DEFAULT_PUBLIC_SETTINGS);
  });
});

describe('policy text from settings', () => {
  it('matches SPEC §1 and §9 with the default settings', () => {
    expect(officeHoursText(DEFAULT_PUBLIC_SETTINGS)).toBe(
      '8:00 AM to 8:00 PM Philippine time, every day',
    );
    expect(quietHoursText(DEFAULT_PUBLIC_SETTINGS)).toBe('10:00 PM to 7:00 AM');
  });
});
