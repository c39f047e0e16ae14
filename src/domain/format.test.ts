import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatPhoneDisplay,
  formatPhoneInput,
  formatTime12,
  normalizePhilippinePhone,
  parseCurrencyInput,
} from './format';

describe('formatCurrency', () => {
  it('formats pesos in en-PH with 2 decimals', () => {
    expect(formatCurrency(11458)).toBe('₱11,458.00');
    expect(formatCurrency(1234.5)).toBe('₱1,234.50');
    expect(formatCurrency(0)).toBe('₱0.00');
    expect(formatCurrency('1500.00')).toBe('₱1,500.00');
  });

  it('formats whole pesos when asked', () => {
    expect(formatCurrency(1_000_000, { wholePesos: true })).toBe('₱1,000,000');
  });

  it('writes exactly what Intl writes for en-PH pesos', () => {
    const intl = (fractionDigits: number) =>
      new Intl.NumberFormat('en-PH', {
        style: 'currency',
        currency: 'PHP',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
    const check = (value: number) => {
      expect(formatCurrency(value)).toBe(intl(2).format(value));
      expect(formatCurrency(value, { wholePesos: true })).toBe(intl(0).format(value));
    };
    // Halves on the shortest decimal form (1.005 is 1.00499… in binary), carries, signs, limits.
    for (const value of [
      0, -0, 1.005, -1.005, 0.5, -0.5, 2.5, 9.995, 999.995, -0.004, 0.0049999, 1e-7, 5e-324,
      123456789.125, 999999999999999.9, 1e15, 1e21, -1234.5,
    ]) {
      check(value);
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (centiPesos) => check(centiPesos / 100)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (milliPesos) => check(milliPesos / 1000)),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.double({ min: -1e16, max: 1e16, noNaN: true }), check), {
      numRuns: 2000,
    });
  });

  it('formats what is not a number as zero', () => {
    expect(formatCurrency(Number.NaN)).toBe('₱0.00');
    expect(formatCurrency(null)).toBe('₱0.00');
    expect(formatCurrency('abc')).toBe('₱0.00');
    expect(formatCurrency('')).toBe('₱0.00');
  });
});

describe('formatDate', () => {
  it('formats a calendar date as that date in every process zone', () => {
    expect(formatDate('2025-01-05')).toBe('Jan 05, 2025');
    expect(formatDate('2025-01-05', 'MMM dd')).toBe('Jan 05');
    expect(formatDate('2027-12-31', 'MMM dd, yyyy HH:mm')).toBe('Dec 31, 2027 00:00');
  });

  it('formats a timestamp in the given zone', () => {
    const instant = '2027-06-10T17:30:00Z';
    expect(formatDate(instant, 'MMM dd, yyyy HH:mm', { timeZone: 'Asia/Manila' })).toBe(
      'Jun 11, 2027 01:30',
    );
    expect(formatDate(new Date(instant), 'MMM dd, yyyy HH:mm', { timeZone: 'UTC' })).toBe(
      'Jun 10, 2027 17:30',
    );
    expect(formatDate(Date.parse(instant), 'MMM dd', { timeZone: 'Asia/Manila' })).toBe('Jun 11');
  });

  it('shows "Invalid Date" for anything it cannot read', () => {
    expect(formatDate('2027-02-31T00:00:00Z')).toBe('Invalid Date');
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDate('')).toBe('Invalid Date');
    expect(formatDate(null)).toBe('Invalid Date');
    expect(formatDate(undefined)).toBe('Invalid Date');
    expect(formatDate(new Date(Number.NaN))).toBe('Invalid Date');
    expect(formatDate('2027-06-10T00:00:00Z', 'MMM', { timeZone: 'Nowhere/Land' })).toBe(
      'Invalid Date',
    );
  });
});

describe('formatTime12', () => {
  it.each([
    ['14:00', '2:00 PM'],
    ['12:00', '12:00 PM'],
    ['00:30', '12:30 AM'],
    ['08:00', '8:00 AM'],
    ['20:00', '8:00 PM'],
    ['23:59:59', '11:59 PM'],
  ])('%s → %s', (time, expected) => {
    expect(formatTime12(time)).toBe(expected);
  });

  it('refuses what is not a time', () => {
    expect(formatTime12('24:00')).toBe('Invalid Time');
    expect(formatTime12('2pm')).toBe('Invalid Time');
  });
});

describe('formatPhoneInput (SPEC §5)', () => {
  it.each([
    ['09175550142', '+63 917 555 0142'],
    ['9175550142', '+63 917 555 0142'],
    ['+63 917 555 0142', '+63 917 555 0142'],
    ['639175550142', '+63 917 555 0142'],
    ['(0917) 555-0142', '+63 917 555 0142'],
    ['0917555', '0917555'],
    ['0281234567', '0281234567'],
    ['abc', ''],
  ])('%s → %s', (raw, expected) => {
    expect(formatPhoneInput(raw)).toBe(expected);
  });
});

describe('formatPhoneDisplay', () => {
  it.each([
    ['+639175550142', '+63 917 555 0142'],
    ['09175550142', '+63 917 555 0142'],
    ['0917-555-0142', '+63 917 555 0142'],
    ['0935 123 4567', '+63 935 123 4567'],
    ['639351234567', '+63 935 123 4567'],
    ['+63 (935) 123-4567', '+63 935 123 4567'],
    ['9351234567', '+63 935 123 4567'],
  ])('shows the mobile number %s one way: %s', (raw, expected) => {
    expect(formatPhoneDisplay(raw)).toBe(expected);
  });

  it('shows a landline with the +63 prefix', () => {
    expect(formatPhoneDisplay('+6328123456')).toBe('+63 28123456');
    expect(formatPhoneDisplay('028123456')).toBe('+63 28123456');
  });

  it('shows anything else as given', () => {
    expect(formatPhoneDisplay(' +1 415 555 0100 ')).toBe('+1 415 555 0100');
    expect(formatPhoneDisplay(null)).toBe('');
  });
});

describe('normalizePhilippinePhone (SPEC §5)', () => {
  it('normalises mobiles and landlines to +63', () => {
    expect(normalizePhilippinePhone('09123456789')).toBe('+639123456789');
    expect(normalizePhilippinePhone('+639123456789')).toBe('+639123456789');
    expect(normalizePhilippinePhone('+63 912 345 6789')).toBe('+639123456789');
    expect(normalizePhilippinePhone('(0912) 345-6789')).toBe('+639123456789');
    expect(normalizePhilippinePhone('028123456')).toBe('+6328123456');
    expect(normalizePhilippinePhone('+63 8812 3456')).toBe('+6388123456');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '9123456789',
      '639123456789',
      '0912345678',
      '091234567890',
      '018123456',
      '098123456',
      '+1 415 555 0100',
      'phone',
      '',
    ]) {
      expect(normalizePhilippinePhone(bad), bad).toBeNull();
    }
  });
});

describe('parseCurrencyInput (SPEC §5)', () => {
  it.each([
    ['1500', '1500', 1500],
    ['₱1,500.50', '1500.50', 1500.5],
    ['12.345', '12.34', 12.34],
    ['1.2.3', '1.23', 1.23],
    ['.5', '0.5', 0.5],
    ['12.', '12.', 12],
    ['abc', '', null],
    ['', '', null],
  ])('%s → %s', (raw, text, value) => {
    expect(parseCurrencyInput(raw)).toEqual({ text, value });
  });
});
