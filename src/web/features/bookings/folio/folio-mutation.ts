import type { QueryClient } from '@tanstack/react-query';
import { folioResponseSchema } from '../../../../domain/schemas/folio.schema';
import type { FolioDto } from '../../../../domain/schemas/folio.schema';
import { invalidateBookingData } from '../invalidate-bookings';
import { folioQueryKey } from './get-folio';

/** The folio a folio mutation answers with (`{ data: folio }`), parsed like the GET. */
export function parseFolioAnswer(body: unknown): FolioDto {
  return folioResponseSchema.parse(body).data;
}

/**
 * After a folio change: the answer is the new folio, shown at once; then the booking (its
 * total, paid, balance and payment status come from the folio), the bookings list and whatever
 * else reads a booking's money are read again by the bookings feature's keys.
 */
export function settleFolioChange(
  queryClient: QueryClient,
  bookingId: string,
  folio: FolioDto | undefined,
): Promise<unknown> {
  if (folio) queryClient.setQueryData(folioQueryKey(bookingId), folio);
  return invalidateBookingData(queryClient);
}
