import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bookingQueryKey } from './get-booking';
import { bookingsQueryKey } from './get-bookings';
import { applyOptimisticBooking, rollBackBooking } from './optimistic-booking';

describe('optimistic booking changes (SPEC §4)', () => {
  it('shows a change in the detail and the lists at once, and rolls it back', async () => {
    const client = new QueryClient();
    const detail = { booking_id: 'b1', booking_status: 'Pending', guest_name: 'Ana' };
    const list = {
      data: [detail, { booking_id: 'b2', booking_status: 'Pending' }],
      total: 2,
    };
    const listKey = [...bookingsQueryKey, 'list', { page: 1 }];
    client.setQueryData(bookingQueryKey('b1'), detail);
    client.setQueryData(listKey, list);

    const snapshot = await applyOptimisticBooking(client, 'b1', { booking_status: 'Confirmed' });
    expect(client.getQueryData(bookingQueryKey('b1'))).toMatchObject({
      booking_status: 'Confirmed',
      guest_name: 'Ana',
    });
    expect(client.getQueryData<typeof list>(listKey)?.data.map((b) => b.booking_status)).toEqual([
      'Confirmed',
      'Pending',
    ]);

    rollBackBooking(client, snapshot);
    expect(client.getQueryData(bookingQueryKey('b1'))).toEqual(detail);
    expect(client.getQueryData(listKey)).toEqual(list);
  });
});
