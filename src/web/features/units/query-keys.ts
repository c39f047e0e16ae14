/** Every query key of the units feature starts here, so one invalidation refreshes them all. */
export const unitsQueryKey = ['units'] as const;
