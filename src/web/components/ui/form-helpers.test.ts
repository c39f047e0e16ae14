import { describe, expect, it } from 'vitest';
import {
  clampNumber,
  currencyInput,
  currencyText,
  isOutOfRange,
  numberInputText,
  numberInputValue,
  phoneOnBlur,
  textFieldMessage,
} from './form-helpers';

describe('SPEC §5 form helper inputs', () => {
  describe('currency', () => {
    it('keeps digits and one decimal point, at most 2 decimals', () => {
      expect(currencyInput('₱1,500.505')).toEqual({ text: '1500.50', value: 1500.5 });
      expect(currencyInput('12.3.4')).toEqual({ text: '12.34', value: 12.34 });
      expect(currencyInput('abc')).toEqual({ text: '', value: null });
      expect(currencyInput('.5')).toEqual({ text: '0.5', value: 0.5 });
      expect(currencyInput('100.')).toEqual({ text: '100.', value: 100 });
    });
    it('keeps a leading minus, so a negative amount is refused rather than made positive', () => {
      expect(currencyInput('-50')).toEqual({ text: '-50', value: -50 });
      expect(currencyInput(' -1,500.5')).toEqual({ text: '-1500.5', value: -1500.5 });
      expect(currencyInput('-')).toEqual({ text: '-', value: null });
      expect(currencyInput('5-0')).toEqual({ text: '50', value: 50 });
    });
    it('shows a value as plain text', () => {
      expect(currencyText(1500)).toBe('1500');
      expect(currencyText(1500.5)).toBe('1500.5');
      expect(currencyText(null)).toBe('');
    });
  });

  describe('phone', () => {
    it('formats a Philippine mobile as +63 9XX XXX XXXX on blur', () => {
      expect(phoneOnBlur('09171234567')).toBe('+63 917 123 4567');
      expect(phoneOnBlur('9171234567')).toBe('+63 917 123 4567');
      expect(phoneOnBlur('+63 917-123-4567')).toBe('+63 917 123 4567');
      expect(phoneOnBlur('639171234567')).toBe('+63 917 123 4567');
    });
    it('leaves anything else as typed', () => {
      expect(phoneOnBlur(' 0282345678 ')).toBe('0282345678');
      expect(phoneOnBlur('0917')).toBe('0917');
    });
  });

  describe('number', () => {
    it('accepts integers only unless decimals are allowed', () => {
      expect(numberInputText('1a2.5')).toBe('125');
      expect(numberInputText('1a2.5.3', { allowDecimal: true })).toBe('12.53');
      expect(numberInputText('-4')).toBe('4');
      expect(numberInputText('-4', { allowNegative: true })).toBe('-4');
      expect(numberInputValue('')).toBeNull();
      expect(numberInputValue('-')).toBeNull();
      expect(numberInputValue('12.5')).toBe(12.5);
    });
    it('clamps to min and max, and flags out-of-range values', () => {
      expect(clampNumber(25, 1, 20)).toBe(20);
      expect(clampNumber(0, 1, 20)).toBe(1);
      expect(clampNumber(7, 1, 20)).toBe(7);
      expect(isOutOfRange(25, 1, 20)).toBe(true);
      expect(isOutOfRange(0, 1)).toBe(true);
      expect(isOutOfRange(5, 1, 20)).toBe(false);
      expect(isOutOfRange(null, 1, 20)).toBe(false);
    });
  });

  describe('required and length messages', () => {
    it('uses SPEC §5 wording', () => {
      expect(textFieldMessage('  ', { required: true })).toBe('This field is required');
      expect(textFieldMessage('', {})).toBeNull();
      expect(textFieldMessage('a', { min: 2 })).toBe('Must be at least 2 characters');
      expect(textFieldMessage('abcdef', { max: 5 })).toBe('Must be 5 characters or less');
      expect(textFieldMessage('abc', { required: true, min: 2, max: 5 })).toBeNull();
    });
  });
});
