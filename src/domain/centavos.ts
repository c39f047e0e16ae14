import { mulRatio, ratioOf } from './exact-decimal';
import type { Ratio } from './exact-decimal';

/**
 * The folio's money: pesos at the edges (what SQL numeric(12,2) and the API carry, DESIGN §3) and
 * whole centavos as bigint inside, so sums of any number of entries stay exact.
 */

const HUNDRED: Ratio = { n: 100n, d: 1n };

/** Pesos with at most two decimals to centavos; anything finer is a bug upstream, so it throws. */
export function toCentavos(pesos: number): bigint {
  const centavos = mulRatio(ratioOf(pesos), HUNDRED);
  if (centavos.d !== 1n) throw new RangeError(`Not a whole number of centavos: ${pesos}`);
  return centavos.n;
}

export function toPesos(centavos: bigint): number {
  return Number(centavos) / 100;
}

/** −value, never −0 (which JSON writes as 0 but formatCurrency as "-₱0.00"). */
export function negatePesos(value: number): number {
  return value === 0 ? 0 : -value;
}

export function sumCentavos(values: Iterable<bigint>): bigint {
  let sum = 0n;
  for (const value of values) sum += value;
  return sum;
}

export function maxCentavos(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

export function minCentavos(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
