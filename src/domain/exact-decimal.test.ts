import { describe, expect, it } from 'vitest';
import {
  addRatio,
  compareRatio,
  divRatio,
  mulRatio,
  ratioOf,
  roundHalfUp,
  roundToNumber,
  sumRatios,
} from './exact-decimal';

describe('exact decimal arithmetic', () => {
  it('reads numbers as their decimal text', () => {
    expect(compareRatio(ratioOf(1.3), { n: 13n, d: 10n })).toBe(0);
    expect(compareRatio(ratioOf(-0.25), { n: -1n, d: 4n })).toBe(0);
    expect(compareRatio(ratioOf(1e-7), { n: 1n, d: 10_000_000n })).toBe(0);
    expect(compareRatio(ratioOf(1.5e21), { n: 1_500_000_000_000_000_000_000n, d: 1n })).toBe(0);
    expect(() => ratioOf(Number.NaN)).toThrow(RangeError);
  });

  it('has no float error', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(compareRatio(addRatio(ratioOf(0.1), ratioOf(0.2)), ratioOf(0.3))).toBe(0);
    expect(roundToNumber(mulRatio(mulRatio(ratioOf(3000), ratioOf(1.3)), ratioOf(0.8)))).toBe(3120);
    expect(roundToNumber(sumRatios([ratioOf(0.5), ratioOf(0.5), ratioOf(0.5)]))).toBe(2);
  });

  it('rounds half up', () => {
    expect(roundHalfUp(ratioOf(2.5))).toBe(3n);
    expect(roundHalfUp(ratioOf(2.49))).toBe(2n);
    expect(roundHalfUp(ratioOf(-2.5))).toBe(-2n);
    expect(roundHalfUp(ratioOf(-2.51))).toBe(-3n);
    expect(roundToNumber(divRatio(ratioOf(10140 * 0.12), ratioOf(1.13)))).toBe(1077);
  });
});
