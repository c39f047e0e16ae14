import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BookingSource, PaymentMethod } from '../../../domain/constants';
import { apiGet, apiPost, isApiError } from '../../lib/api';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import type { MultiUnitAvailabilityResponse } from '../../../domain/schemas/availability.schema';
import { invalidateBookingData } from './invalidate-bookings';
import {
  forgetIdempotencyKey,
  idempotencyKeyFor,
  keepKeyAfter,
  type KeyStore,
} from './multi-unit-idempotency';

/* The multi-unit wizard's three calls (SPEC §7): availability, the price, and the booking. */

/** SPEC §8 (warning) when a selected cabin is taken while a booking form is open. */
export const AVAILABILITY_UPDATED = {
  title: 'Availability updated',
  description: 'Cabin availability has changed. Please verify your selection.',
} as const;

export const multiUnitAvailabilityKey = ['availability', 'multi-unit'] as const;

/** GET /api/availability/multi-unit for every cabin (no ids) over [check_in, check_out). */
export function multiUnitAvailabilityQueryOptions(
  stay: { check_in: string; check_out: string } | null,
) {
  return queryOptions({
    queryKey: [...multiUnitAvailabilityKey, stay] as const,
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ data: MultiUnitAvailabilityResponse }>('/api/availability/multi-unit', {
          query: { check_in: stay?.check_in, check_out: stay?.check_out },
          signal,
        })
      ).data.results,
    enabled: stay !== null,
    // Live updates (GET /api/events) refresh it; a minute is SPEC §9's availability cache.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useMultiUnitAvailability(stay: { check_in: string; check_out: string } | null) {
  return useQuery(multiUnitAvailabilityQueryOptions(stay));
}

/** SPEC §3 "Multi-unit create payload" as the wizard sends it. */
export interface MultiUnitBookingBody {
  /** Issue 22: an e-mail address or a phone number (a walk-in may give only the phone). */
  primary_guest: { guest_name: string; email?: string; contact_number?: string };
  check_in: string;
  check_out: string;
  units: { unit_id: string; num_guests: number; unit_notes?: string }[];
  payment: { method: PaymentMethod };
  special_requests?: string;
  /** Issue 22: where the booking came from. */
  source: BookingSource;
  /** Issue 21: a manager's reason for booking past a stay rule. */
  override_reason?: string;
}

function sessionKeyStore(): KeyStore {
  return window.sessionStorage;
}

/** POST /api/bookings/multi-unit with its session-scoped Idempotency-Key. */
export async function createMultiUnitBooking(
  body: MultiUnitBookingBody,
  store: KeyStore = sessionKeyStore(),
): Promise<BookingDetail> {
  const key = idempotencyKeyFor(store, body);
  try {
    const response = await apiPost<{ data: BookingDetail }>('/api/bookings/multi-unit', body, {
      headers: { 'Idempotency-Key': key },
    });
    forgetIdempotencyKey(store);
    return response.data;
  } catch (error) {
    if (isApiError(error) && !keepKeyAfter(error.status)) forgetIdempotencyKey(store);
    throw error;
  }
}

export function useCreateMultiUnitBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MultiUnitBookingBody) => createMultiUnitBooking(body),
    // The wizard shows SPEC §8's own messages.
    meta: { suppressErrorToast: true },
    onSuccess: () => invalidateBookingData(queryClient),
  });
}
