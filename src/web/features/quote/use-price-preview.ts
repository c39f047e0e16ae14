import { useMemo } from 'react';
import type { RatePlan } from '../../../domain/pricing';
import type { ExtraSelection } from '../../../domain/schemas/extra.schema';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useQuote } from './get-quote';
import type { QuoteRequestBody } from './get-quote';

/** One cabin's stay, as the booking forms price it. */
export interface StayQuoteInput {
  unit_id: string;
  num_guests: number;
  check_in: string;
  check_out: string;
  /** Issue 17: the extras the guest picked (none: the stay alone, as before). */
  extras?: ExtraSelection;
  /** Issue 21: the promo code the guest applied (none: no code). */
  promo_code?: string;
  /** Issue 21: the rate plan chosen (none: flexible). */
  rate_plan?: RatePlan;
}

/**
 * The price preview of a booking form: the server's quote of `stay` (null while the form does not
 * describe a valid stay), asked once the user pauses for `delayMs`. `input` is the stay asked
 * (`inputKey` the same as a string); `hasStay` says the form describes one now; `waiting` is true
 * while the latest choices are not asked yet.
 */
export function usePricePreview(stay: StayQuoteInput | null, delayMs: number) {
  // A string, so a new object with the same values does not restart the pause. Without extras
  // the key (and so the quote's cache key) is the stay's alone.
  const key = stay
    ? JSON.stringify({
        unit_id: stay.unit_id,
        num_guests: stay.num_guests,
        check_in: stay.check_in,
        check_out: stay.check_out,
        ...(stay.extras && stay.extras.length > 0
          ? { extras: stay.extras.map(({ extra_id, quantity }) => ({ extra_id, quantity })) }
          : {}),
        ...(stay.promo_code ? { promo_code: stay.promo_code } : {}),
        ...(stay.rate_plan && stay.rate_plan !== 'flexible' ? { rate_plan: stay.rate_plan } : {}),
      } satisfies StayQuoteInput)
    : null;
  const debouncedKey = useDebouncedValue(key, delayMs);
  const input = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as StayQuoteInput) : null),
    [debouncedKey],
  );
  const body = useMemo(
    (): QuoteRequestBody | null =>
      input
        ? {
            units: [{ unit_id: input.unit_id, num_guests: input.num_guests }],
            check_in: input.check_in,
            check_out: input.check_out,
            ...(input.extras ? { extras: input.extras } : {}),
            ...(input.promo_code ? { promo_code: input.promo_code } : {}),
            ...(input.rate_plan ? { rate_plan: input.rate_plan } : {}),
          }
        : null,
    [input],
  );
  const query = useQuote(body);
  return {
    query,
    /** The request priced (null while the form does not describe a stay). */
    body,
    input,
    inputKey: debouncedKey,
    hasStay: key !== null,
    waiting: key !== debouncedKey,
  };
}
