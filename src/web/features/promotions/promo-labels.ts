import { formatCurrency, formatDate } from '../../../domain/format';
import type { PromoKind } from '../../../domain/promo-codes';

/** "10%" or "₱500" (centavos when there are any: "₱499.50"). */
export function promoDiscountText(kind: PromoKind, value: number): string {
  if (kind === 'percent') return `${value}%`;
  return formatCurrency(value, { wholePesos: Number.isInteger(value) });
}

/** "Any time", "From Jun 01, 2027", "Until Sep 30, 2027" or "Jun 01, 2027 to Sep 30, 2027". */
export function promoRangeText(from: string | null, to: string | null): string {
  if (from && to) return `${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `From ${formatDate(from)}`;
  if (to) return `Until ${formatDate(to)}`;
  return 'Any time';
}
