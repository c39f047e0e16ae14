import { describe, expect, it } from 'vitest';
import {
  makeMultiUnitBookingSchema,
  multiUnitAvailabilityQuerySchema,
  multiUnitBookingSchema,
} from './multi-unit.schema';
import { OTHER_UNIT_ID, UNIT_ID, issuesOf } from './test-helpers';

const valid = {
  primary_guest: {
    guest_name: 'Acme Travel Corp.',
    email: 'Bookings@Acme.PH',
    contact_number: '+63 (917) 555-0142',
  },
  check_in: '2027-03-26',
  check_out: '2027-03-29',
  units: [
    { unit_id: UNIT_ID, num_guests: 2 },
    { unit_id: OTHER_UNIT_ID, num_guests: 4, unit_notes: 'Extra bed' },
  ],
};

describe('multiUnitBookingSchema (SPEC §3 payload, §5 rules)', () => {
  it('accepts a valid payload with defaults', () => {
    const booking = multiUnitBookingSchema.parse(valid);
    expect(booking.payment).toEqual({ method: 'GCash' });
    expect(booking.source).toBe('phone');
    expect(booking.primary_guest.email).toBe('bookings@acme.ph');
  });

  it('issue 22: takes a source, and a walk-in with a phone and no e-mail, not neither', () => {
    expect(multiUnitBookingSchema.parse({ ...valid, source: 'walk_in' }).source).toBe('walk_in');
    // SPEC §3's "web", sent by the wizard before issue 22, is still taken as sent.
    expect(multiUnitBookingSchema.parse({ ...valid, source: 'web' }).source).toBe('web');
    expect(issuesOf(multiUnitBookingSchema, { ...valid, source: 'fax' }).source).toEqual([
      'Please choose where the booking came from',
    ]);
    const guest = valid.primary_guest;
    const walkIn = multiUnitBookingSchema.parse({
      ...valid,
      primary_guest: { guest_name: guest.guest_name, email: '', contact_number: '0917 555 0142' },
    });
    expect(walkIn.primary_guest.email).toBeUndefined();
    expect(walkIn.primary_guest.contact_number).toBe('0917 555 0142');
    const emailOnly = multiUnitBookingSchema.parse({
      ...valid,
      primary_guest: { guest_name: guest.guest_name, email: guest.email, contact_number: null },
    });
    expect(emailOnly.primary_guest.contact_number).toBeUndefined();
    expect(
      issuesOf(multiUnitBookingSchema, {
        ...valid,
        primary_guest: { guest_name: guest.guest_name, email: ' ', contact_number: '' },
      })['primary_guest.email'],
    ).toEqual(['Enter an e-mail address or a phone number']);
  });

  it('takes a payment and requests', () => {
    const booking = multiUnitBookingSchema.parse({
      ...valid,
      payment: { method: 'BankTransfer', amount: 5000, proof_url: 'https://example.com/p.pdf' },
      special_requests: 'x'.repeat(1000),
      internal_notes: 'y'.repeat(1000),
      idempotency_key: 'a1b2c3d4-session-key',
    });
    expect(booking.payment.method).toBe('BankTransfer');
  });

  it.each([
    [{ units: [] }, 'units', 'Please select at least one cabin'],
    [{ units: undefined }, 'units', 'Please select at least one cabin'],
    [
      {
        units: Array.from({ length: 11 }, (_, i) => ({
          unit_id: `00000000-0000-0000-0000-0000000000${String(i).padStart(2, '0')}`,
          num_guests: 1,
        })),
      },
      'units',
      'Maximum 10 cabins per booking',
    ],
    [
      {
        units: [
          { unit_id: UNIT_ID, num_guests: 1 },
          { unit_id: UNIT_ID.toUpperCase(), num_guests: 1 },
        ],
      },
      'units.1.unit_id',
      'Cabin already added to booking',
    ],
    [
      { units: [{ unit_id: UNIT_ID, num_guests: 0 }] },
      'units.0.num_guests',
      'At least 1 guest required',
    ],
    [{ units: [{ unit_id: 'x', num_guests: 1 }] }, 'units.0.unit_id', 'Please select a cabin'],
    [
      { primary_guest: { ...valid.primary_guest, guest_name: '   ' } },
      'primary_guest.guest_name',
      'Name is required',
    ],
    [
      { primary_guest: { ...valid.primary_guest, guest_name: 'A' } },
      'primary_guest.guest_name',
      'Name must be at least 2 characters',
    ],
    [
      { primary_guest: { ...valid.primary_guest, guest_name: 'A'.repeat(101) } },
      'primary_guest.guest_name',
      'Name too long',
    ],
    [
      { primary_guest: { ...valid.primary_guest, email: 'acme' } },
      'primary_guest.email',
      'Invalid email address',
    ],
    [
      { primary_guest: { ...valid.primary_guest, contact_number: '0917' } },
      'primary_guest.contact_number',
      'Must be at least 10 characters',
    ],
    [
      { primary_guest: { ...valid.primary_guest, contact_number: '0'.repeat(21) } },
      'primary_guest.contact_number',
      'Must be 20 characters or less',
    ],
    [
      { primary_guest: { ...valid.primary_guest, contact_number: '0917-555-CALL' } },
      'primary_guest.contact_number',
      'Please enter a valid contact number',
    ],
    [{ payment: { method: 'CreditCard' } }, 'payment.method', 'Please select a payment method'],
    [{ payment: { method: 'Cash', amount: 0 } }, 'payment.amount', 'Must be a positive number'],
    [{ special_requests: 'x'.repeat(1001) }, 'special_requests', 'Maximum 1000 characters'],
    [{ internal_notes: 'x'.repeat(1001) }, 'internal_notes', 'Must be 1000 characters or less'],
    [{ check_out: '2027-03-26' }, 'check_out', 'Check-out must be after check-in'],
  ])('%j → %s "%s"', (patch, path, message) => {
    expect(issuesOf(multiUnitBookingSchema, { ...valid, ...patch })[path]).toContain(message);
  });

  it('makeMultiUnitBookingSchema refuses a check-in in the past', () => {
    const schema = makeMultiUnitBookingSchema('2027-03-26');
    expect(schema.safeParse(valid).success).toBe(true);
    expect(issuesOf(schema, { ...valid, check_in: '2027-03-25' }).check_in).toEqual([
      'Check-in date cannot be in the past',
    ]);
  });
});

describe('multiUnitAvailabilityQuerySchema (SPEC §7)', () => {
  it('reads comma-separated ids and repeated ids', () => {
    const stay = { check_in: '2027-03-26', check_out: '2027-03-29' };
    expect(
      multiUnitAvailabilityQuerySchema.parse({ ...stay, unit_ids: `${UNIT_ID}, ${OTHER_UNIT_ID}` })
        .unit_ids,
    ).toEqual([UNIT_ID, OTHER_UNIT_ID]);
    expect(
      multiUnitAvailabilityQuerySchema.parse({ ...stay, unit_ids: [UNIT_ID] }).unit_ids,
    ).toEqual([UNIT_ID]);
    expect(multiUnitAvailabilityQuerySchema.parse(stay).unit_ids).toEqual([]);
    expect(issuesOf(multiUnitAvailabilityQuerySchema, { ...stay, unit_ids: 'nope' })).toEqual({
      'unit_ids.0': ['Please select a cabin'],
    });
  });

  it('reads units[] as a query string parser leaves it, and merges duplicates', () => {
    const stay = { check_in: '2027-03-26', check_out: '2027-03-29' };
    expect(
      multiUnitAvailabilityQuerySchema.parse({
        ...stay,
        'units[]': [UNIT_ID, OTHER_UNIT_ID.toUpperCase()],
        unit_ids: UNIT_ID,
      }).unit_ids,
    ).toEqual([UNIT_ID, OTHER_UNIT_ID]);
    expect(
      multiUnitAvailabilityQuerySchema.parse({ ...stay, 'units[]': UNIT_ID }).unit_ids,
    ).toEqual([UNIT_ID]);
    expect(issuesOf(multiUnitAvailabilityQuerySchema, { ...stay, 'units[]': ['x'] })).toEqual({
      'units[].0': ['Please select a cabin'],
    });
  });
});
