import { describe, expect, it } from 'vitest';
import { promoDiscountText, promoRangeText } from './promo-labels';

describe('promo code labels', () => {
  it('says a discount as a percentage or whole pesos (centavos only when there are any)', () => {
    expect(promoDiscountText('percent', 10)).toBe('10%');
    expect(promoDiscountText('amount', 500)).toBe('₱500');
    expect(promoDiscountText('amount', 1500)).toBe('₱1,500');
    expect(promoDiscountText('amount', 499.5)).toBe('₱499.50');
  });

  it('says an open or closed date range', () => {
    expect(promoRangeText(null, null)).toBe('Any time');
    expect(promoRangeText('2027-06-01', null)).toBe('From Jun 01, 2027');
    expect(promoRangeText(null, '2027-09-30')).toBe('Until Sep 30, 2027');
    expect(promoRangeText('2027-06-01', '2027-09-30')).toBe('Jun 01, 2027 to Sep 30, 2027');
  });
});
