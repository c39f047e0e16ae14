import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteResponse } from '../../../domain/schemas/quote.schema';
import { postPublic } from '../../lib/api';

export type Quote = QuoteResponse;

export interface QuoteInput {
  unit_id: string;
  num_guests: number;
  check_in: string;
  check_out: string;
}

/** DESIGN §4: prices are always computed by the server; POST /api/quote. */
export function getQuote(input: QuoteInput, signal?: AbortSignal): Promise<Quote> {
  return postPublic<Quote>(
    '/api/quote',
    {
      units: [{ unit_id: input.unit_id, num_guests: input.num_guests }],
      check_in: input.check_in,
      check_out: input.check_out,
    },
    { signal, fallback: 'The price could not be calculated.' },
  );
}

export function quoteQueryOptions(input: QuoteInput | null) {
  return queryOptions({
    queryKey: ['public', 'quote', input] as const,
    // No abort signal: a superseded quote still finishes and fills the cache for going back.
    queryFn: () => getQuote(input as QuoteInput),
    enabled: input !== null,
    staleTime: 60 * 1000,
    // Keep showing the last price while the next one loads, so the summary does not jump.
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function useQuote(input: QuoteInput | null) {
  return useQuery(quoteQueryOptions(input));
}
