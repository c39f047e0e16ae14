import { describe, expect, it } from 'vitest';
import { EXTRA_MESSAGES } from '../extra-limits';
import {
  extraCreateSchema,
  extraSchema,
  extraSelectionSchema,
  extraUpdateSchema,
} from './extra.schema';
import { issuesOf } from './test-helpers';

const EXTRA_ID = '11111111-1111-4111-8111-111111111111';
const valid = {
  name: 'Breakfast',
  price: 350,
  charge_per: 'person_night',
  tax_treatment: 'vatable',
};

describe('extraCreateSchema', () => {
  it('accepts an extra; staff-only and active unless said otherwise', () => {
    expect(extraCreateSchema.parse(valid)).toEqual({
      ...valid,
      guest_bookable: false,
      active: true,
    });
    expect(
      extraCreateSchema.parse({ ...valid, price: 0, guest_bookable: true, active: false }),
    ).toMatchObject({ price: 0, guest_bookable: true, active: false });
    expect(extraCreateSchema.parse({ ...valid, price: 12.5 }).price).toBe(12.5);
  });

  it('sanitises the name as plain text', () => {
    expect(extraCreateSchema.parse({ ...valid, name: '  <b>Island</b> tour ' }).name).toBe(
      'Island tour',
    );
  });

  it.each([
    ['name', '', 'This field is required'],
    ['name', 'x'.repeat(101), 'Must be 100 characters or less'],
    ['price', -1, EXTRA_MESSAGES.priceNegative],
    ['price', 100_000.01, EXTRA_MESSAGES.priceMax],
    ['price', 1.005, EXTRA_MESSAGES.priceInvalid],
    ['price', '350', EXTRA_MESSAGES.priceInvalid],
    ['charge_per', 'hour', EXTRA_MESSAGES.chargePer],
    ['tax_treatment', 'vat', EXTRA_MESSAGES.taxTreatment],
    ['guest_bookable', 'yes', EXTRA_MESSAGES.mustBeBoolean],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(extraCreateSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });
});

describe('extraUpdateSchema', () => {
  it('accepts any subset with the same rules', () => {
    expect(extraUpdateSchema.parse({ active: false })).toEqual({ active: false });
    expect(issuesOf(extraUpdateSchema, { price: -5 })).toEqual({
      price: [EXTRA_MESSAGES.priceNegative],
    });
  });
});

describe('extraSchema (the API answer)', () => {
  it('reads DESIGN §8 shape', () => {
    const extra = { ...valid, extra_id: EXTRA_ID, guest_bookable: true, active: true };
    expect(extraSchema.parse(extra)).toEqual(extra);
  });
});

describe('extraSelectionSchema (extras: [{ extra_id, quantity }])', () => {
  it('accepts up to 20 distinct extras, ids lower-cased', () => {
    expect(extraSelectionSchema.parse([{ extra_id: EXTRA_ID.toUpperCase(), quantity: 2 }])).toEqual(
      [{ extra_id: EXTRA_ID, quantity: 2 }],
    );
    expect(extraSelectionSchema.parse([])).toEqual([]);
  });

  it.each([
    [0, EXTRA_MESSAGES.quantityMin],
    [-1, EXTRA_MESSAGES.quantityMin],
    [1.5, EXTRA_MESSAGES.quantityWhole],
    [51, EXTRA_MESSAGES.quantityMax],
    ['2', EXTRA_MESSAGES.quantityWhole],
    [null, EXTRA_MESSAGES.quantityWhole],
  ])('quantity %j → "%s"', (quantity, message) => {
    expect(issuesOf(extraSelectionSchema, [{ extra_id: EXTRA_ID, quantity }])).toEqual({
      '0.quantity': [message],
    });
  });

  it('refuses an id that is not an id, the same extra twice, and more than 20', () => {
    expect(issuesOf(extraSelectionSchema, [{ extra_id: 'breakfast', quantity: 1 }])).toEqual({
      '0.extra_id': [EXTRA_MESSAGES.selectExtra],
    });
    expect(
      issuesOf(extraSelectionSchema, [
        { extra_id: EXTRA_ID, quantity: 1 },
        { extra_id: EXTRA_ID.toUpperCase(), quantity: 1 },
      ]),
    ).toEqual({ '1.extra_id': [EXTRA_MESSAGES.extraTwice] });
    const many = Array.from({ length: 21 }, (_, i) => ({
      extra_id: `11111111-1111-4111-8111-${String(i).padStart(12, '0')}`,
      quantity: 1,
    }));
    expect(issuesOf(extraSelectionSchema, many)).toEqual({ '': [EXTRA_MESSAGES.tooManyExtras] });
  });
});
