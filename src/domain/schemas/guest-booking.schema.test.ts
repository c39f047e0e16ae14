import { describe, expect, it } from 'vitest';
import { guestBookingSchema, makeGuestBookingSchema } from './guest-booking.schema';
import { UNIT_ID, issuesOf } from './test-helpers';

const valid = {
  guest_name: 'María José Dela Cruz-Peñaflor',
  email: '  Maria@Example.COM ',
  phone_number: '0917 555 0142',
  unit_id: UNIT_ID,
  check_in: '2027-06-10',
  check_out: '2027-06-13',
  num_guests: 3,
  special_requests: 'Late arrival <script>alert(1)</script>please',
  file_name: 'gcash-receipt.jpg',
  file_type: 'image/jpeg',
  file_size: 250_000,
  turnstile_token: 'token-123',
};

describe('guestBookingSchema (SPEC §5 guest booking form)', () => {
  it('accepts a valid request and normalises it', () => {
    const booking = guestBookingSchema.parse(valid);
    expect(booking.email).toBe('maria@example.com');
    expect(booking.phone_number).toBe('+639175550142');
    expect(booking.special_requests).toBe('Late arrival please');
    expect(booking.guest_name).toBe('María José Dela Cruz-Peñaflor');
  });

  it('accepts an apostrophe and ISO date-times (their date part)', () => {
    const booking = guestBookingSchema.parse({
      ...valid,
      guest_name: "Seán O'Brien",
      check_in: '2027-06-10T00:00:00.000Z',
      check_out: '2027-06-13T00:00:00+08:00',
    });
    expect(booking.check_in).toBe('2027-06-10');
    expect(booking.check_out).toBe('2027-06-13');
  });

  it.each([
    ['guest_name', 'A', 'Name must be at least 2 characters'],
    ['guest_name', 'A'.repeat(101), 'Name too long'],
    ['guest_name', 'R2-D2', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['guest_name', '<b>Ana</b>', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
    ['guest_name', undefined, 'This field is required'],
    ['guest_name', '', 'Name is required'],
    ['guest_name', '   ', 'Name is required'],
    ['email', 'maria@', 'Invalid email address'],
    [
      'phone_number',
      '+1 415 555 0100',
      'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
    ],
    ['phone_number', '', 'This field is required'],
    ['phone_number', undefined, 'This field is required'],
    ['unit_id', 'cabin-1', 'Please select a cabin'],
    ['unit_id', undefined, 'Please select a cabin'],
    ['check_in', '2027-02-30', 'Please select a valid date'],
    ['check_in', undefined, 'Please select a valid date'],
    ['num_guests', 0, 'At least 1 guest required'],
    ['num_guests', 21, 'Maximum 20 guests'],
    ['special_requests', 'x'.repeat(501), 'Maximum 500 characters'],
    ['file_name', undefined, 'Payment proof is required'],
    ['file_type', 'image/gif', 'Only JPG, PNG, WebP, HEIC or PDF files are allowed'],
    ['file_size', 2 * 1024 * 1024 + 1, 'File must be less than 2MB'],
    ['file_size', 0, 'Payment proof is required'],
    ['turnstile_token', '', 'Please complete the CAPTCHA verification.'],
    ['turnstile_token', undefined, 'Please complete the CAPTCHA verification.'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(guestBookingSchema, { ...valid, [field]: value })[field]).toContain(message);
  });

  it('accepts every proof type of DESIGN §3 and exactly 2 MB', () => {
    for (const file_type of ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']) {
      expect(guestBookingSchema.safeParse({ ...valid, file_type }).success).toBe(true);
    }
    expect(guestBookingSchema.safeParse({ ...valid, file_size: 2 * 1024 * 1024 }).success).toBe(
      true,
    );
  });

  it('check-out must be after check-in', () => {
    expect(issuesOf(guestBookingSchema, { ...valid, check_out: '2027-06-10' }).check_out).toEqual([
      'Check-out must be after check-in',
    ]);
    expect(issuesOf(guestBookingSchema, { ...valid, check_out: '2027-06-09' }).check_out).toEqual([
      'Check-out must be after check-in',
    ]);
  });

  it('reports a field fault and a stay fault together', () => {
    const issues = issuesOf(guestBookingSchema, {
      ...valid,
      guest_name: 'A',
      check_out: '2027-06-01',
    });
    expect(issues.guest_name).toEqual(['Name must be at least 2 characters']);
    expect(issues.check_out).toEqual(['Check-out must be after check-in']);
  });

  it('does not compare dates that did not parse', () => {
    expect(issuesOf(guestBookingSchema, { ...valid, check_in: 'soon' })).toEqual({
      check_in: ['Please select a valid date'],
    });
  });

  it('refuses stays over 365 nights', () => {
    expect(issuesOf(guestBookingSchema, { ...valid, check_out: '2028-06-10' }).check_out).toEqual([
      'Stays are limited to 365 nights',
    ]);
  });
});

describe('makeGuestBookingSchema(today)', () => {
  const schema = makeGuestBookingSchema('2027-06-09');

  it('check-in must be after today: the message names tomorrow and its date', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(issuesOf(schema, { ...valid, check_in: '2027-06-09' }).check_in).toEqual([
      'The earliest check-in is tomorrow, Jun 10, 2027',
    ]);
    expect(issuesOf(schema, { ...valid, check_in: '2027-06-01' }).check_in).toEqual([
      'The earliest check-in is tomorrow, Jun 10, 2027',
    ]);
  });

  it('an empty name is reported as missing, with that one message', () => {
    expect(issuesOf(schema, { ...valid, guest_name: '' }).guest_name).toEqual(['Name is required']);
  });
});
