import { describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS } from '../../../domain/settings';
import {
  DEFAULT_PAYMENT_INSTRUCTIONS,
  DEFAULT_PUBLIC_DEPOSIT_SETTINGS,
  DEFAULT_PUBLIC_NON_REFUNDABLE_SETTINGS,
  DEFAULT_PUBLIC_TAX_SETTINGS,
} from '../../../domain/settings-defaults';
import { resortStructuredData } from './resort-structured-data';

const settings = {
  ...DEFAULT_GENERAL_SETTINGS,
  ...DEFAULT_PUBLIC_TAX_SETTINGS,
  version: '1.0.0',
  deposit: DEFAULT_PUBLIC_DEPOSIT_SETTINGS,
  payment_instructions: DEFAULT_PAYMENT_INSTRUCTIONS,
  non_refundable: DEFAULT_PUBLIC_NON_REFUNDABLE_SETTINGS,
};
const units = [
  {
    unit_id: 'a',
    unit_name: 'Garden',
    unit_type: 'Standard',
    max_occupancy: 3,
    base_rate: 2500,
    amenities: ['Fan'],
  },
  {
    unit_id: 'b',
    unit_name: 'Villa',
    unit_type: 'Villa',
    max_occupancy: 8,
    base_rate: 8500,
    amenities: null,
  },
];

describe('resortStructuredData', () => {
  it('describes the resort and each cabin with public facts only', () => {
    const data = resortStructuredData(settings, units, 'https://resort.example');
    expect(data['@type']).toBe('Resort');
    expect(data.telephone).toBe(settings.contact_phone);
    expect(data.priceRange).toBe('₱2,500 - ₱8,500 per night');
    expect(data.containsPlace).toHaveLength(2);
    expect(data.makesOffer).toEqual([
      expect.objectContaining({
        price: 2500,
        priceCurrency: 'PHP',
        url: 'https://resort.example/guest-booking?unit_id=a',
      }),
      expect.objectContaining({ price: 8500, priceCurrency: 'PHP' }),
    ]);
  });
});
