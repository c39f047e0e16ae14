import { unitsQueryKey } from '../units/query-keys';

/**
 * The board lives under the units' key: a live update about cabins or bookings (a check-out turns
 * a cabin Dirty) refreshes it with the rest of the cabins' views.
 */
export const housekeepingQueryKey = [...unitsQueryKey, 'housekeeping'] as const;
