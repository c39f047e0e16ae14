import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES } from '../constants';
import { expenseFiltersSchema, expenseSchema, expenseUpdateSchema } from './expense.schema';
import { UNIT_ID, issuesOf } from './test-helpers';

const valid = {
  expense_date: '2027-06-01',
  category: 'Food and Beverage',
  amount: 52.5,
  description: 'Coffee beans',
  vendor: 'El Nido Market',
  vendor_contact: '0917 555 0199',
  unit_id: null,
};

describe('expenseSchema (DESIGN §5 expense fields)', () => {
  it('accepts a valid expense, small amounts included', () => {
    expect(expenseSchema.parse(valid)).toMatchObject({ amount: 52.5, unit_id: null });
    expect(expenseSchema.safeParse({ ...valid, unit_id: UNIT_ID }).success).toBe(true);
    for (const category of EXPENSE_CATEGORIES) {
      expect(expenseSchema.safeParse({ ...valid, category }).success).toBe(true);
    }
  });

  it.each([
    ['expense_date', '2027-13-01', 'Please select a valid date'],
    ['category', 'Travel', 'Please select a category'],
    ['amount', 0, 'Amount must be greater than 0'],
    ['amount', 'ten', 'Please enter a valid amount (e.g., 1500.00)'],
    ['amount', 10.001, 'Please enter a valid amount (e.g., 1500.00)'],
    ['amount', 1_000_001, 'Amount cannot exceed ₱1,000,000.00'],
    ['description', '', 'This field is required'],
    ['description', undefined, 'This field is required'],
    ['description', '<script>alert(1)</script>', 'This field is required'],
    ['description', 'x'.repeat(501), 'Must be 500 characters or less'],
    ['vendor', 'x'.repeat(101), 'Must be 100 characters or less'],
    ['unit_id', 'cabin', 'Please select a cabin'],
    ['proof_url', 'javascript:alert(1)', 'Please enter a valid URL'],
  ])('%s = %j → "%s"', (field, value, message) => {
    expect(issuesOf(expenseSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });
});

describe('expenseUpdateSchema and filters', () => {
  it('updates any subset; null clears the vendor', () => {
    expect(expenseUpdateSchema.parse({ vendor: null })).toEqual({ vendor: null });
    expect(expenseUpdateSchema.parse({})).toEqual({});
  });

  it('filters fall back gracefully', () => {
    expect(expenseFiltersSchema.parse({ category: 'Nope', search: 'rice;', page: 'x' })).toEqual({
      category: undefined,
      search: 'rice',
      page: 1,
    });
  });
});
