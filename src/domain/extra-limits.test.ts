import { describe, expect, it } from 'vitest';
import { extraQuantityMessage } from './extra-limits';
import { extraQuantityField } from './schemas/extra.schema';

describe('extraQuantityMessage', () => {
  it('answers the messages of extraQuantityField, and null where the field accepts', () => {
    for (const quantity of [1, 2, 50, 0, -1, 51, 1.5, Number.NaN]) {
      const parsed = extraQuantityField.safeParse(quantity);
      expect(extraQuantityMessage(quantity), String(quantity)).toBe(
        parsed.success ? null : parsed.error.issues[0]?.message,
      );
    }
    expect(extraQuantityMessage(0)).toBe('Quantity must be at least 1');
    expect(extraQuantityMessage(51)).toBe('Quantity cannot exceed 50');
    expect(extraQuantityMessage(1.5)).toBe('Quantity must be a whole number');
    expect(extraQuantityMessage(null)).toBe('Quantity must be a whole number');
  });
});
