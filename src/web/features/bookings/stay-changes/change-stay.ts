import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EarlyDepartureBody,
  EarlyDepartureResponse,
  ExtendBody,
  ExtendResponse,
  MoveBody,
  MoveResponse,
} from '../../../../domain/schemas/front-desk.schema';
import { apiPost } from '../../../lib/api';
import { invalidateBookingData } from '../invalidate-bookings';

/*
 * Issue 22's changes of a stay, one endpoint each. Each answers the booking as changed; the
 * booking, the lists, the day sheet and (through live updates) the tape chart are read again.
 */

function stayPath(bookingId: string, change: 'early-departure' | 'extend' | 'move'): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/${change}`;
}

/** POST /api/bookings/:id/early-departure: the guest leaves on an earlier date. */
export function recordEarlyDeparture(input: { bookingId: string } & EarlyDepartureBody) {
  const { bookingId, ...body } = input;
  return apiPost<EarlyDepartureResponse>(stayPath(bookingId, 'early-departure'), body);
}

/** POST /api/bookings/:id/extend: more nights, if the cabin is free (else a 409 naming them). */
export function extendStay(input: { bookingId: string } & ExtendBody) {
  const { bookingId, ...body } = input;
  return apiPost<ExtendResponse>(stayPath(bookingId, 'extend'), body);
}

/** POST /api/bookings/:id/move: another cabin from a date (a 409 names the taken nights). */
export function moveStay(input: { bookingId: string } & MoveBody) {
  const { bookingId, ...body } = input;
  return apiPost<MoveResponse>(stayPath(bookingId, 'move'), body);
}

function useStayChange<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The dialogs say the server's refusal (a 409 naming the taken nights) themselves.
    meta: { suppressErrorToast: true },
    onSettled: () =>
      Promise.all([
        invalidateBookingData(queryClient),
        // The tape chart: the released, added or moved nights.
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]),
  });
}

export const useEarlyDeparture = () => useStayChange(recordEarlyDeparture);
export const useExtendStay = () => useStayChange(extendStay);
export const useMoveStay = () => useStayChange(moveStay);
