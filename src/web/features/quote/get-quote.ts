import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExtraSelection } from '../../../domain/schemas/extra.schema';
import type { RatePlan } from '../../../domain/pricing';
import type { QuoteResponse } from '../../../domain/schemas/quote.schema';
import { postPublic } from '../../lib/api';

export type Quote = QuoteResponse;

/**
 * POST /api/quote's body (DESIGN §5): the stay and each cabin with its guests; issue 17: the
 * guest-bookable extras asked for, priced for the stay's nights and guests.
 */
export interface QuoteRequestBody {
  check_in: string;
  check_out: string;
  units: { unit_id: string; num_guests: number }[];
  extras?: ExtraSelection;
  /** Issue 21: a promo code; one that cannot be used is a 400 with its reason at `promo_code`. */
  promo_code?: string;
  /** Issue 21: flexible (the default) or non_refundable, when the resort sells it. */
  rate_plan?: RatePlan;
}

/**
 * DESIGN §4: prices are always computed by the server; POST /api/quote. Public, so the guest form,
 * the staff booking dialog, the edit page and the multi-unit wizard all price the same way.
 */
export function getQuote(body: QuoteRequestBody, signal?: AbortSignal): Promise<Quote> {
  return postPublic<Quote>('/api/quote', body, {
    signal,
    fallback: 'The price could not be calculated.',
  });
}

export const quoteQueryKey = ['quote'] as const;

export function quoteQueryOptions(body: QuoteRequestBody | null) {
  return queryOptions({
    queryKey: [...quoteQueryKey, body] as const,
    // No abort signal: a superseded quote still finishes and fills the cache for going back.
    queryFn: () => getQuote(body as QuoteRequestBody),
    enabled: body !== null && body.units.length > 0,
    staleTime: 60 * 1000,
    // Keep showing the last price while the next one loads, so the summary does not jump.
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function useQuote(body: QuoteRequestBody | null) {
  return useQuery(quoteQueryOptions(body));
}
