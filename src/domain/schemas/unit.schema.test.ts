import { describe, expect, it } from 'vitest';
import { UNIT_TYPES } from '../constants';
import {
  unitBulkStatusSchema,
  unitFiltersSchema,
  unitSchema,
  unitUpdateSchema,
} from './unit.schema';
import { UNIT_ID, issuesOf } from './test-helpers';

const valid = {
  unit_name: 'Sunset Cabin',
  unit_code: 'a101',
  unit_type: 'Villa',
  base_occupancy: 2,
  max_occupancy: 4,
  base_rate: 3000,
  weekend_rate: 3500,
  extra_person_rate: 500,
  amenities: ['Wi-Fi', 'Aircon', 'Wi-Fi', '<b>Sea view</b>', ''],
};

describe('unitSchema (SPEC §5 unit form)', () => {
  it('accepts a valid unit, upper-cases the code, defaults the status', () => {
    const unit = unitSchema.parse(valid);
    expect(unit.unit_code).toBe('A101');
    expect(unit.unit_status).toBe('Available');
    expect(unit.amenities).toEqual(['Wi-Fi', 'Aircon', 'Sea view']);
  });

  it('takes every unit type of DESIGN §3', () => {
    for (const unit_type of UNIT_TYPES) {
      expect(unitSchema.safeParse({ ...valid, unit_type }).success).toBe(true);
    }
  });

  it('builds amenities from an object or null (SPEC §3)', () => {
    expect(
      unitSchema.parse({ ...valid, amenities: { a: 'Pool', b: 3, c: 'Kitchen' } }).amenities,
    ).toEqual(['Pool', 'Kitchen']);
    expect(unitSchema.parse({ ...valid, amenities: null }).amenities).toBeNull();
  });

  it.each([
    ['unit_name', '', 'This field is required'],
    ['unit_name', 'x'.repeat(51), 'Must be 50 characters or less'],
    ['unit_code', '', 'This field is required'],
    ['unit_code', 'A1234567890', 'Must be 10 characters or less'],
    ['unit_code', 'A-101', 'Cabin code must be alphanumeric (e.g., A101, B205)'],
    ['unit_type', 'Penthouse', 'Please select a cabin type'],
    ['unit_type', undefined, 'Please select a cabin type'],
    ['base_occupancy', 0, 'Base occupancy must be at least 1'],
    ['base_occupancy', 21, 'Base occupancy cannot exceed 20'],
    ['max_occupancy', 21, 'Maximum occupancy cannot exceed 20 guests'],
    ['max_occupancy', 0, 'Maximum occupancy must be at least 1'],
    ['base_rate', 99, 'Rate must be at least ₱100'],
    ['base_rate', 1_000_001, 'Rate cannot exceed ₱1,000,000'],
    ['extra_person_rate', -1, 'Extra person rate cannot be negative'],
    ['extra_person_rate', 50_001, 'Extra person rate cannot exceed ₱50,000'],
    ['unit_status', 'Closed', 'Please select a cabin status'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(unitSchema, { ...valid, [field]: value })[field]).toContain(message);
  });

  it('weekend rate must be at least the base rate', () => {
    expect(issuesOf(unitSchema, { ...valid, weekend_rate: 2999 })).toEqual({
      weekend_rate: ['Weekend rate should be equal to or higher than base rate'],
    });
    expect(unitSchema.safeParse({ ...valid, weekend_rate: 3000 }).success).toBe(true);
  });

  it('base occupancy must not exceed maximum occupancy', () => {
    expect(issuesOf(unitSchema, { ...valid, base_occupancy: 5 })).toEqual({
      base_occupancy: ['Base occupancy cannot exceed maximum occupancy'],
    });
    expect(unitSchema.safeParse({ ...valid, base_occupancy: 4 }).success).toBe(true);
  });
});

describe('unitUpdateSchema', () => {
  it('accepts any subset and leaves absent fields absent', () => {
    expect(unitUpdateSchema.parse({ unit_status: 'Maintenance' })).toEqual({
      unit_status: 'Maintenance',
    });
  });

  it('applies the cross-field rules when both fields are sent', () => {
    expect(unitUpdateSchema.safeParse({ weekend_rate: 150 }).success).toBe(true);
    expect(issuesOf(unitUpdateSchema, { base_rate: 3000, weekend_rate: 150 })).toEqual({
      weekend_rate: ['Weekend rate should be equal to or higher than base rate'],
    });
  });
});

describe('unitBulkStatusSchema', () => {
  it('needs at least one unit and a status', () => {
    expect(
      unitBulkStatusSchema.safeParse({ unit_ids: [UNIT_ID], unit_status: 'Reserved' }).success,
    ).toBe(true);
    expect(issuesOf(unitBulkStatusSchema, { unit_ids: [], unit_status: 'Reserved' })).toEqual({
      unit_ids: ['Please select at least one cabin'],
    });
  });
});

describe('unitFiltersSchema (SPEC §5 unit filters)', () => {
  it('coerces query strings and sanitises the search', () => {
    expect(
      unitFiltersSchema.parse({
        status: 'Available',
        min_rate: '0',
        search: "<Sea>'view",
        page: '2',
      }),
    ).toEqual({ status: 'Available', min_rate: 0, search: 'Seaview', page: 2 });
  });

  it.each([
    ['min_rate', '-1', 'Minimum rate cannot be negative'],
    ['max_rate', '-5', 'Maximum rate cannot be negative'],
    ['min_occupancy', '0', 'Minimum occupancy must be at least 1'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(unitFiltersSchema, { [field]: value })[field]).toEqual([message]);
  });
});
