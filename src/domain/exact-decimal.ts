/**
 * Exact rational arithmetic on bigint, for money (DESIGN §3: prices computed exactly with
 * integer arithmetic). 3000 × 1.3 × 0.8 is 3120 here, never 3119.9999999999995.
 */

/** n / d with d > 0. Compare with `compareRatio`, never with ===. */
export interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}

export const ZERO: Ratio = { n: 0n, d: 1n };

/**
 * The exact value of a JavaScript number as written in decimal (1.3 is 13/10, not the nearest
 * binary double). Numbers print their shortest round-trip form, which is the value a person typed.
 */
export function ratioOf(value: number): Ratio {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(value));
  if (!match) throw new RangeError(`Cannot read number: ${value}`);
  const [, sign = '', whole = '0', fraction = '', exponentText = '0'] = match;
  let n = BigInt(whole + fraction);
  let d = 10n ** BigInt(fraction.length);
  const exponent = Number(exponentText);
  if (exponent >= 0) n *= 10n ** BigInt(exponent);
  else d *= 10n ** BigInt(-exponent);
  return { n: sign === '-' ? -n : n, d };
}

export function ratioFromInt(value: bigint): Ratio {
  return { n: value, d: 1n };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Lowest terms, so long sums over many nights keep small denominators. */
function reduce(n: bigint, d: bigint): Ratio {
  const divisor = gcd(n, d);
  return divisor > 1n ? { n: n / divisor, d: d / divisor } : { n, d };
}

export function addRatio(a: Ratio, b: Ratio): Ratio {
  if (a.d === b.d) return reduce(a.n + b.n, a.d);
  return reduce(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function subRatio(a: Ratio, b: Ratio): Ratio {
  return addRatio(a, { n: -b.n, d: b.d });
}

export function mulRatio(a: Ratio, b: Ratio): Ratio {
  return reduce(a.n * b.n, a.d * b.d);
}

export function divRatio(a: Ratio, b: Ratio): Ratio {
  if (b.n === 0n) throw new RangeError('Division by zero');
  const sign = b.n < 0n ? -1n : 1n;
  return { n: a.n * b.d * sign, d: a.d * b.n * sign };
}

export function sumRatios(values: readonly Ratio[]): Ratio {
  return values.reduce(addRatio, ZERO);
}

/** Negative, zero or positive as a is below, equal to or above b. */
export function compareRatio(a: Ratio, b: Ratio): number {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** DESIGN §3: rounded half up to a whole unit (x.5 goes up; towards +∞ for negatives too). */
export function roundHalfUp(value: Ratio): bigint {
  return floorDiv(2n * value.n + value.d, 2n * value.d);
}

/** Whole pesos as a JavaScript number; money in the product never exceeds 2^53. */
export function roundToNumber(value: Ratio): number {
  return Number(roundHalfUp(value));
}
