import { describe, expect, it } from 'vitest';
import { negatePesos, sumCentavos, toCentavos, toPesos } from './centavos';

describe('centavos', () => {
  it('reads pesos exactly, as written', () => {
    expect(toCentavos(0.1)).toBe(10n);
    expect(toCentavos(1234.56)).toBe(123456n);
    expect(toCentavos(-5729.5)).toBe(-572950n);
    expect(toCentavos(99_999_999.99)).toBe(9_999_999_999n);
  });

  it('refuses fractions of a centavo and non-numbers', () => {
    expect(() => toCentavos(0.001)).toThrow(RangeError);
    expect(() => toCentavos(Number.NaN)).toThrow(RangeError);
  });

  it('writes pesos back as the decimal they are', () => {
    expect(toPesos(sumCentavos([toCentavos(0.1), toCentavos(0.2)]))).toBe(0.3);
    expect(toPesos(9_999_999_999n)).toBe(99_999_999.99);
  });

  it('negates without -0', () => {
    expect(Object.is(negatePesos(0), 0)).toBe(true);
    expect(negatePesos(12.5)).toBe(-12.5);
  });
});
