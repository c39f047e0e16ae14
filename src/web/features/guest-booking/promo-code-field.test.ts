import { describe, expect, it } from 'vitest';
import { PROMO_MESSAGES } from '../../../domain/promo-codes';
import type { Quote } from '../quote/get-quote';
import { promoCodeFormatError, promoStatus } from './promo-code-field';

describe('promoCodeFormatError', () => {
  it('refuses what cannot be a code with promo-code.schema.ts’s messages', () => {
    expect(promoCodeFormatError('  ')).toBe(PROMO_MESSAGES.required);
    expect(promoCodeFormatError('AB')).toBe(PROMO_MESSAGES.tooShort);
    expect(promoCodeFormatError('A'.repeat(100))).toBe(PROMO_MESSAGES.tooLong);
    expect(promoCodeFormatError('RAINY 10')).toBe(PROMO_MESSAGES.format);
    expect(promoCodeFormatError(' rainy10 ')).toBeNull();
  });
});

const quoteWith = (promo: Quote['promo']) => ({ promo }) as Quote;

describe('promoStatus', () => {
  it('says what an applied code saves', () => {
    expect(
      promoStatus(
        'RAINY10',
        quoteWith({ code: 'RAINY10', applied: true, saving: 1014, message: 'RAINY10 applied' }),
        true,
      ),
    ).toEqual({ tone: 'success', text: 'RAINY10 applied: you save ₱1,014.00' });
  });

  it('says when the automatic discount is larger, waits for the quote, and for a stay', () => {
    const message = 'The Early Bird discount saves more, so it applies instead of RAINY10';
    expect(
      promoStatus(
        'RAINY10',
        quoteWith({ code: 'RAINY10', applied: false, saving: 500, message }),
        true,
      ),
    ).toEqual({ tone: 'info', text: message });
    expect(promoStatus('RAINY10', quoteWith(null), true).text).toBe('Checking RAINY10…');
    expect(promoStatus('RAINY10', undefined, false).text).toBe(
      'RAINY10 is checked once you choose a cabin and dates.',
    );
  });
});
