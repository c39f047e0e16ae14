import { describe, expect, it } from 'vitest';
import {
  bookingUpdateSchema,
  makeStaffBookingSchema,
  staffBookingSchema,
} from './staff-booking.schema';
import { UNIT_ID, issuesOf } from './test-helpers';

const valid = {
  unit_id: UNIT_ID,
  guest_name: 'Juan Dela Cruz',
  contact_number: '+63 917 555 0142',
  email: 'juan@example.com',
  num_guests: 2,
  check_in: '2027-06-10',
  check_out: '2027-06-12',
  payment_method: 'Cash',
};

describe('staffBookingSchema (SPEC §5 staff booking form)', () => {
  it('accepts a valid booking', () => {
    const booking = staffBookingSchema.parse(valid);
    expect(booking.contact_number).toBe('+639175550142');
    expect(booking.special_requests).toBeUndefined();
  });

  it.each([
    ['unit_id', '', 'Please select a cabin'],
    ['guest_name', 'J', 'Name must be at least 2 characters'],
    [
      'contact_number',
      '12345',
      'Please enter a valid Philippine phone number (e.g., +639123456789 or 09123456789)',
    ],
    ['email', 'juan', 'Invalid email address'],
    ['num_guests', 21, 'Number of guests cannot exceed 20'],
    ['num_guests', 0, 'At least 1 guest required'],
    ['num_guests', 2.5, 'Number of guests must be a whole number'],
    ['special_requests', 'x'.repeat(501), 'Maximum 500 characters'],
    ['internal_notes', 'x'.repeat(501), 'Must be 500 characters or less'],
    ['payment_method', 'CreditCard', 'Please select a payment method'],
    ['check_out', '2027-06-10', 'Check-out must be after check-in'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(staffBookingSchema, { ...valid, [field]: value })[field]).toContain(message);
  });

  it('issue 22: a walk-in may give a phone and no e-mail, or an e-mail and no phone, not neither', () => {
    const { email: _email, contact_number: _phone, ...rest } = valid;
    const walkIn = staffBookingSchema.parse({
      ...rest,
      contact_number: '0917 555 0142',
      email: '',
    });
    expect(walkIn.email).toBeUndefined();
    expect(walkIn.source).toBe('phone');
    expect(staffBookingSchema.safeParse({ ...rest, email: 'a@b.ph' }).success).toBe(true);
    expect(issuesOf(staffBookingSchema, rest).email).toEqual([
      'Enter an e-mail address or a phone number',
    ]);
    expect(issuesOf(staffBookingSchema, { ...valid, source: 'fax' }).source).toEqual([
      'Please choose where the booking came from',
    ]);
  });

  it('payment method is optional and takes every DESIGN §3 method', () => {
    const { payment_method: _omitted, ...withoutMethod } = valid;
    expect(staffBookingSchema.safeParse(withoutMethod).success).toBe(true);
    for (const method of ['GCash', 'Maya', 'BankTransfer', 'Cash', 'Card', 'Other']) {
      expect(staffBookingSchema.safeParse({ ...valid, payment_method: method }).success).toBe(true);
    }
  });

  it('makeStaffBookingSchema refuses a check-in in the past, allows today', () => {
    const schema = makeStaffBookingSchema('2027-06-10');
    expect(schema.safeParse(valid).success).toBe(true);
    expect(issuesOf(schema, { ...valid, check_in: '2027-06-09' }).check_in).toEqual([
      'Check-in date cannot be in the past',
    ]);
  });
});

describe('bookingUpdateSchema (SPEC §5 booking update)', () => {
  it('accepts any subset and clears notes with null or ""', () => {
    expect(bookingUpdateSchema.parse({})).toEqual({});
    expect(bookingUpdateSchema.parse({ internal_notes: null, special_requests: '' })).toEqual({
      internal_notes: null,
      special_requests: null,
    });
    expect(bookingUpdateSchema.parse({ internal_notes: ' VIP <b>guest</b> ' })).toEqual({
      internal_notes: 'VIP guest',
    });
  });

  it('internal notes up to 500', () => {
    expect(issuesOf(bookingUpdateSchema, { internal_notes: 'x'.repeat(501) })).toEqual({
      internal_notes: ['Must be 500 characters or less'],
    });
  });

  it('payment_proof_url must be a URL', () => {
    expect(
      bookingUpdateSchema.safeParse({ payment_proof_url: 'https://example.com/p.jpg' }).success,
    ).toBe(true);
    expect(issuesOf(bookingUpdateSchema, { payment_proof_url: 'javascript:alert(1)' })).toEqual({
      payment_proof_url: ['Please enter a valid URL'],
    });
  });

  it('dates checked together only when both are sent', () => {
    expect(bookingUpdateSchema.safeParse({ check_out: '2020-01-01' }).success).toBe(true);
    expect(
      issuesOf(bookingUpdateSchema, { check_in: '2027-06-10', check_out: '2027-06-10' }),
    ).toEqual({ check_out: ['Check-out must be after check-in'] });
  });
});
